#include <QtTest>

#include <acl/libacl.h>
#include <cerrno>
#include <cstring>
#include <sys/acl.h>

#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;

// POSIX ACLs of a client's tree through the real programs (issue 41, docs/agent.md): a real
// tapeloom-agent with its own state on 127.0.0.1 reads the tree with the engine's source code
// (ACLs included), the CLI backs it up with `backup --client` and restores it onto the client
// into a new target, where the agent's restore writer sets the ACLs again. A file's access ACL
// with a named user entry and a directory's default ACL come back equal, and the bytes too.
class TestAgentAcl : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home"); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // acl_set_file of `text` on `p`: "" when set, else the reason (errno's text).
    static QString set_acl(const QString& p, acl_type_t type, const char* text) {
        acl_t a = acl_from_text(text);
        if (!a) return QStringLiteral("acl_from_text: ") + std::strerror(errno);
        const int rc = acl_set_file(QFile::encodeName(p).constData(), type, a);
        const int err = errno;
        acl_free(a);
        return rc == 0 ? QString() : QString::fromUtf8(std::strerror(err));
    }

    // The ACL of `p` as normalized text (numeric ids, short form, one line); "" when it has none.
    static QString acl_text(const QString& p, acl_type_t type) {
        acl_t a = acl_get_file(QFile::encodeName(p).constData(), type);
        if (!a) return QStringLiteral("<acl_get_file: %1>").arg(std::strerror(errno));
        QString out;
        if (char* t = acl_to_any_text(a, nullptr, ',', TEXT_NUMERIC_IDS | TEXT_ABBREVIATE)) {
            out = QString::fromUtf8(t);
            acl_free(t);
        }
        acl_free(a);
        return out;
    }

    static QByteArray bytes(const QString& p) {
        QFile f(p);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
    }

private Q_SLOTS:
    void aClientsAclsComeBackThroughTheAgent() {
        QVERIFY(dir_.isValid());
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "64M"}))
                     .exit_code,
                 0);
        const QString src = path("client-tree"), to = path("client-target");
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));

        // A file with a named user entry in its access ACL; a directory with a default ACL,
        // and a file created in it afterwards (it inherits an access ACL from that default).
        const QString file = src + "/acl-file.txt", shared = src + "/shared";
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("access ACL with a named user\n").repeated(300));
        }
        const QString why = set_acl(file, ACL_TYPE_ACCESS, "u::rw-,u:0:r--,g::r--,m::r--,o::---");
        if (!why.isEmpty())
            QSKIP(qPrintable("the filesystem of " + dir_.path() + " refuses ACLs: " + why));
        QVERIFY(QDir().mkpath(shared));
        const QString dwhy =
            set_acl(shared, ACL_TYPE_DEFAULT, "u::rwx,u:0:r-x,g::r-x,m::r-x,o::---");
        QVERIFY2(dwhy.isEmpty(), qPrintable(dwhy));
        {
            QFile f(shared + "/inherited.txt");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("created below a default ACL\n");
        }
        const QString fileAcl = acl_text(file, ACL_TYPE_ACCESS),
                      dirDefault = acl_text(shared, ACL_TYPE_DEFAULT),
                      dirAccess = acl_text(shared, ACL_TYPE_ACCESS),
                      inheritedAcl = acl_text(shared + "/inherited.txt", ACL_TYPE_ACCESS);
        QVERIFY2(fileAcl.contains("u:0:r--"), qPrintable(fileAcl));
        QVERIFY2(dirDefault.contains("u:0:r-x"), qPrintable(dirDefault));
        QVERIFY2(inheritedAcl.contains("u:0:"), qPrintable(inheritedAcl));

        AgentProcess a(path("state-a"));
        QVERIFY(!a.fingerprint.isEmpty());
        QVERIFY(a.serve({src, to}));
        QVERIFY(a.trust(a.add_to(home(), "A")));

        auto backup = run_cli(h({"backup", "--client", "A", "--source", src, "--json"}));
        QVERIFY2(backup.exit_code == 0, (backup.out + backup.err).constData());
        auto restore = run_cli(h({"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(restore.exit_code == 0, (restore.out + restore.err).constData());

        const QString out = to + src;
        QString diff;
        QVERIFY2(tltest::same_tree(src, out, &diff), qPrintable(diff));
        QCOMPARE(bytes(out + "/acl-file.txt"), bytes(file));
        QCOMPARE(bytes(out + "/shared/inherited.txt"), bytes(shared + "/inherited.txt"));
        QCOMPARE(acl_text(out + "/acl-file.txt", ACL_TYPE_ACCESS), fileAcl);
        QCOMPARE(acl_text(out + "/shared", ACL_TYPE_DEFAULT), dirDefault);
        QCOMPARE(acl_text(out + "/shared", ACL_TYPE_ACCESS), dirAccess);
        QCOMPARE(acl_text(out + "/shared/inherited.txt", ACL_TYPE_ACCESS), inheritedAcl);
    }
};

QTEST_MAIN(TestAgentAcl)
#include "test_agent_acl.moc"
