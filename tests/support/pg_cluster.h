#pragma once
// A throw-away PostgreSQL cluster for the `pg` tests (one per test executable: start it in
// initTestCase, a database per test case): initdb into a temporary directory (as the
// `postgres` user when the tests run as root, through runuser), a server listening only on a
// Unix socket in that directory (listen_addresses=''), a login role with a password and one
// database per test; stopped and removed at the end. available() is false when the server's
// binaries are not installed (scripts/setup.sh installs them): the tests then skip, saying so.
// A cluster whose test process is gone (a crash, a test timeout's kill) is stopped and removed
// by the next start(): each records its process in `owner`.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace tltest {

class PgCluster {
public:
    static constexpr const char* kUser = "tl";
    static constexpr const char* kPassword = "s3cret-pw";

    PgCluster() {
        const char* env = std::getenv("TAPELOOM_PG_BIN");
        bin_ = env ? QString::fromUtf8(env) : QStringLiteral("/usr/lib/postgresql/15/bin");
    }
    PgCluster(const PgCluster&) = delete;
    PgCluster& operator=(const PgCluster&) = delete;
    ~PgCluster() { stop(); }

    bool available() const {
        return QFile::exists(bin_ + "/initdb") && QFile::exists(bin_ + "/pg_ctl");
    }
    QString skip_reason() const {
        return "PostgreSQL 15 server binaries not found in " + bin_ +
               " (scripts/setup.sh installs the postgresql package)";
    }

    // initdb, start, the login role; the error text in `why` when something failed.
    bool start(QString* why) {
        remove_orphans();
        char tmpl[] = "/tmp/tlpg-XXXXXX"; // short: a socket path has ~100 bytes
        if (!::mkdtemp(tmpl)) return fail(why, "mkdtemp failed");
        dir_ = QString::fromUtf8(tmpl);
        QFile owner(dir_ + "/owner");
        if (!owner.open(QIODevice::WriteOnly) || owner.write(QByteArray::number(::getpid())) <= 0)
            return fail(why, "cannot write " + owner.fileName());
        owner.close();
        if (::geteuid() == 0) {
            const passwd* pw = ::getpwnam("postgres");
            if (!pw) return fail(why, "running as root, but there is no postgres user");
            if (::chown(tmpl, pw->pw_uid, pw->pw_gid) != 0) return fail(why, "chown failed");
            as_postgres_ = true;
        }
        const QString data = dir_ + "/data";
        if (!run(bin_ + "/initdb",
                 {"-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"}, why))
            return false;
        if (!write_hba(data, why)) return false;
        if (!start_server(why)) return false;
        return psql(
            "postgres",
            QString("CREATE ROLE %1 LOGIN PASSWORD '%2'").arg(QString(kUser), QString(kPassword)),
            why);
    }

    // Stops the server at once, as a crash or a lost machine would, keeping its data;
    // start_server() brings it back.
    bool stop_server(QString* why) {
        if (!run(bin_ + "/pg_ctl", {"-D", dir_ + "/data", "-m", "immediate", "-w", "stop"}, why))
            return false;
        started_ = false;
        return true;
    }
    bool start_server(QString* why) {
        const QString opts = "-k " + dir_ +
                             " -c listen_addresses='' -c fsync=off -c "
                             "synchronous_commit=off -c full_page_writes=off";
        if (!run(bin_ + "/pg_ctl",
                 {"-D", dir_ + "/data", "-o", opts, "-l", dir_ + "/server.log", "-w", "start"},
                 why))
            return false;
        started_ = true;
        return true;
    }

    // A new empty database owned by the login role.
    bool create_database(const QString& name, QString* why) {
        return psql("postgres", QString("CREATE DATABASE %1 OWNER %2").arg(name, QString(kUser)),
                    why);
    }

    // postgresql://tl:PASSWORD@/DB?host=SOCKETDIR
    QString url(const QString& db, const QString& password = kPassword) const {
        return QString("postgresql://%1:%2@/%3?host=%4").arg(QString(kUser), password, db, dir_);
    }
    QString socket_dir() const { return dir_; }

    // Runs SQL as the superuser in `db`; its output (unaligned, tuples only) in `out`.
    bool psql(const QString& db, const QString& sql, QString* why, QString* out = nullptr) {
        return run(bin_ + "/psql",
                   {"-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", dir_, "-U", "postgres",
                    "-d", db, "-c", sql},
                   why, out);
    }

    // The output of `sql` in `db`, or "error: " and why: a test compares it with what it expects.
    QString query(const QString& db, const QString& sql) {
        QString why, out;
        if (!psql(db, sql, &why, &out)) return "error: " + why;
        return out;
    }

    void stop() {
        if (started_) {
            QString ignored;
            run(bin_ + "/pg_ctl", {"-D", dir_ + "/data", "-m", "immediate", "-w", "stop"},
                &ignored);
            started_ = false;
        }
        if (!dir_.isEmpty()) {
            QDir(dir_).removeRecursively();
            dir_.clear();
        }
    }

private:
    // The clusters of test processes that no longer run: their server stopped, their directory
    // removed. One being made (no `owner` yet) is left alone.
    void remove_orphans() {
        const QDir tmp("/tmp");
        for (const QString& name : tmp.entryList({"tlpg-*"}, QDir::Dirs | QDir::NoSymLinks)) {
            const QString dir = tmp.filePath(name);
            QFile owner(dir + "/owner");
            if (!owner.open(QIODevice::ReadOnly)) continue;
            const pid_t pid = static_cast<pid_t>(owner.readAll().trimmed().toLong());
            if (pid <= 0 || pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
            PgCluster orphan;
            orphan.bin_ = bin_;
            orphan.dir_ = dir;
            orphan.as_postgres_ = ::geteuid() == 0;
            orphan.started_ = QFile::exists(dir + "/data/postmaster.pid");
            orphan.stop(); // its destructor would too; said here for the reader
        }
    }

    bool fail(QString* why, const QString& text) {
        *why = text;
        return false;
    }

    bool write_hba(const QString& data, QString* why) {
        QFile hba(data + "/pg_hba.conf");
        if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(why, "cannot write pg_hba.conf");
        hba.write("local all postgres trust\nlocal all all scram-sha-256\n");
        return true;
    }

    bool run(const QString& program, const QStringList& args, QString* why,
             QString* out = nullptr) {
        QProcess p;
        if (as_postgres_) {
            p.setProgram("runuser");
            p.setArguments(QStringList{"-u", "postgres", "--", program} + args);
        } else {
            p.setProgram(program);
            p.setArguments(args);
        }
        p.setWorkingDirectory(dir_.isEmpty() ? "/tmp" : dir_);
        p.start();
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return fail(why, program + " did not finish");
        }
        const QString output = QString::fromUtf8(p.readAllStandardOutput());
        if (out) *out = output.trimmed();
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return fail(why, program + " " + args.join(' ') + ": " + output +
                                 QString::fromUtf8(p.readAllStandardError()));
        return true;
    }

    QString bin_, dir_;
    bool as_postgres_ = false, started_ = false;
};

} // namespace tltest
