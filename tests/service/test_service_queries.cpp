#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "cli_runner.h"
#include "client/service_client.h"
#include "common/home.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::CliResult;
using tltest::run_cli;
using tltest::with_home;

// Lists and queries through the service (docs/api.md "Lists and queries"): with a service
// running, every read command of the CLI prints what it prints without one (text and --json)
// while the service holds the data directory; a directory of many pages comes back whole and
// in order. And autostart (docs/service.md): a command with no service running starts one,
// --no-autostart refuses with exit 3.
class TestServiceQueries : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    // The CLI with $TAPELOOM_AUTOSTART set to `autostart`.
    static CliResult cli(const QString& home, const QStringList& args, const QString& autostart) {
        qputenv("TAPELOOM_AUTOSTART", autostart.toUtf8());
        auto r = run_cli(with_home(home, args));
        qunsetenv("TAPELOOM_AUTOSTART");
        return r;
    }

    // The lines of `text` without those holding one of `skip` (figures of the process that
    // answers: its memory, the scheduler's pid).
    static QStringList lines_without(const QByteArray& text, const QStringList& skip) {
        QStringList out;
        for (const auto& line : QString::fromUtf8(text).split('\n')) {
            bool keep = true;
            for (const auto& word : skip)
                keep = keep && !line.contains(word);
            if (keep) out << line;
        }
        return out;
    }

    // A JSON document without the members named `skip`, at any depth.
    static QJsonValue without(const QJsonValue& v, const QStringList& skip) {
        if (v.isArray()) {
            QJsonArray a;
            for (const auto& x : v.toArray())
                a.append(without(x, skip));
            return a;
        }
        if (!v.isObject()) return v;
        QJsonObject o;
        const auto in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            if (!skip.contains(it.key())) o.insert(it.key(), without(it.value(), skip));
        return o;
    }

    static QJsonValue json_without(const QByteArray& text, const QStringList& skip) {
        const auto doc = QJsonDocument::fromJson(text);
        return without(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()), skip);
    }

private Q_SLOTS:
    void readCommandsPrintTheSameThroughTheService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        // A directory of 25 entries: 9 pages of 3 through the service.
        for (int i = 0; i < 25; ++i)
            QVERIFY(tltest::write_file(src + QString("/big/n%1.bin").arg(i, 2, 10, QChar('0')),
                                       tltest::random_bytes(1000 + i * 37, 5 + i)));
        QVERIFY(tltest::write_file(src + "/top.txt", tltest::random_bytes(300, 1)));
        auto backup = cli(home, {"backup", "--source", src, "--drives", "1", "--json"}, "0");
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString job = QString::number(backup.json().object().value("job_id").toInt());
        const QString volume = backup.json().object().value("volumes").toArray().first().toString();
        // A job of two sources: `files ls` groups the entries under a line per source.
        const QString other = d.path() + "/other";
        for (const char* name : {"a.txt", "b.txt", "c.txt"})
            QVERIFY(tltest::write_file(other + "/" + name, tltest::random_bytes(100, 7)));
        auto two =
            cli(home,
                {"backup", "--source", src + "/big", "--source", other, "--drives", "1", "--json"},
                "0");
        QVERIFY2(two.exit_code == 0, two.err.constData());
        const QString job2 = QString::number(two.json().object().value("job_id").toInt());

        // A definition with a schedule and a client, for the configuration's reads.
        for (const QStringList& setup :
             {QStringList{"job", "define", "nightly", "--source", src, "--drives", "1"},
              QStringList{"schedule", "add", "nightly", "daily at 02:00", "--name", "n"},
              QStringList{"client", "add", "web9", "--address", "127.0.0.1:9740", "--fingerprint",
                          QString("ab").repeated(32)}}) {
            auto done = cli(home, setup, "0");
            QVERIFY2(done.exit_code == 0, done.err.constData());
        }
        const QList<QStringList> commands = {
            {"jobs", "list"},
            {"jobs", "show", job},
            {"volume", "list"},
            {"volume", "ls", volume},
            {"files", "ls", "--job", job},
            {"files", "ls", "--job", job, "--page-size", "3", "big"},
            {"files", "ls", "--job", job, "--page-size", "1", src + "/big"},
            {"files", "ls", "--job", job, "nope"},
            {"files", "versions", src + "/top.txt"},
            {"pool", "list"},
            {"queue", "list"},
            {"library", "status"},
            {"report", "--job", job},
            {"status"},
            {"jobs", "show", "999"},
            {"files", "ls", "--job", job2, "--page-size", "4"},
            // Through the typed reads (GET /v1/...), with the refusals of the commands.
            {"jobs", "list", "--status", "completed"},
            {"jobs", "list", "--status", "done"},
            {"jobs", "show", "x"},
            {"volume", "list", "--state", "append"},
            {"volume", "list", "--pool", "Default"},
            {"volume", "list", "--pool", "NoSuchPool"},
            {"volume", "list", "--state", "lost"},
            {"job", "list"},
            {"job", "show", "nightly"},
            {"job", "show", "nosuch"},
            {"job", "show"},
            {"schedule", "list"},
            {"schedule", "list", "nightly"},
            {"schedule", "list", "nosuch"},
            {"client", "list"},
            {"client", "show", "web9"},
            {"client", "show", "nosuch"},
            {"volume", "history", volume},
            {"volume", "history", "NOSUCH01"},
            {"schedule", "next"},
            {"schedule", "next", "nightly", "--days", "3"},
            {"schedule", "next", "--days", "0"},
            {"schedule", "next", "nosuch"},
            {"files", "versions", src + "/big/n03.bin"},
            {"files", "versions", src + "/nope.bin"},
            {"volume", "health"},
            {"volume", "health", volume},
            {"volume", "health", "NOSUCH01"},
        };
        // The direct path: no service, commands in their own process.
        QList<CliResult> direct;
        for (const auto& c : commands) {
            direct << cli(home, c, "0");
            direct << cli(home, QStringList(c) << "--json", "0");
        }
        QCOMPARE(tl::HomeLock::holder(s(home)), 0L);

        auto started = run_cli(with_home(home, {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        const long pid = started.text().trimmed().toLong();
        tltest::ServiceGuard guard{home};
        // What differs by who answers: the answering process's memory and the scheduler's
        // pid; `library status --json` asks the drives themselves (online, write
        // protection) in the service, which holds the data directory, as with the lock; and a
        // cartridge's projected retirement (`retire_by`) counts from the answering process's
        // clock, to the second.
        const QStringList skip_lines = {"engine memory", "Scheduler service"};
        const QStringList skip_members = {"rss_bytes", "service_pid", "online", "write_protected",
                                          "retire_by"};
        for (int i = 0; i < commands.size(); ++i) {
            for (int json = 0; json < 2; ++json) {
                QStringList args = commands[i];
                if (json) args << "--json";
                const auto via = cli(home, args, "0");
                const auto& here = direct[2 * i + json];
                const QString what = args.join(' ');
                QVERIFY2(via.exit_code == here.exit_code,
                         qPrintable(what + ": " + QString::number(via.exit_code) + " " + via.err));
                const bool same = json ? json_without(via.out, skip_members) ==
                                             json_without(here.out, skip_members)
                                       : lines_without(via.out, skip_lines) ==
                                             lines_without(here.out, skip_lines);
                QVERIFY2(same, qPrintable(what + "\n" + via.text() + "\n---\n" + here.text()));
                QVERIFY2(via.err == here.err, qPrintable(what + ": " + via.err));
            }
        }
        // The paged directory is whole and in order.
        const auto big = direct[2 * 5 + 1].json().array();
        QCOMPARE(big.size(), 25);
        for (int i = 0; i < 25; ++i)
            QCOMPARE(big[i].toObject().value("name").toString(),
                     QString("n%1.bin").arg(i, 2, 10, QChar('0')));
        // The service held the data directory all along: the reads went through it.
        QCOMPARE(tl::HomeLock::holder(s(home)), pid);
        QVERIFY(!direct[2 * 13 + 1].json().object().isEmpty()); // status --json
        // Each source of job 2 under its own line, as `ls a b` prints them; job 1's one
        // source has none.
        const QStringList lines = direct[2 * 15].text().split('\n');
        QCOMPARE(lines.count(src + "/big:"), 1);
        QCOMPARE(lines.count(other + ":"), 1);
        QCOMPARE(lines.count(QString()), 2); // between the groups, and after the last line
        QCOMPARE(lines.size(), 25 + 3 + 4);
        QVERIFY2(lines.first().endsWith(':'), qPrintable(lines.first()));
        QCOMPARE(direct[2 * 15 + 1].json().array().size(), 28);
        QVERIFY(!direct[2 * 4].text().contains(src + ":"));
        QCOMPARE(direct[2 * 4].text().split('\n').size(), 2 + 1); // big/ and top.txt
    }

    // GET /v1/files in its compact shape (what files ls asks for) holds the entries of the
    // documented objects, in the same pages; the page that ends the directory says so (next is
    // null), so a directory of whole pages costs no empty call at its end.
    void aCompactPageHoldsWhatTheObjectsHold() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        for (int i = 0; i < 12; ++i)
            QVERIFY(tltest::write_file(src + QString("/dir/f%1.bin").arg(i, 2, 10, QChar('0')),
                                       tltest::random_bytes(100 + i * 11, 3 + i)));
        QVERIFY(tltest::write_file(src + "/dir/sub/x.txt", "x\n"));
        auto backup = cli(home, {"backup", "--source", src, "--drives", "1", "--json"}, "0");
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const auto job = backup.json().object().value("job_id").toInt();
        auto started = run_cli(with_home(home, {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};
        tl::client::ServiceClient c(s(home));
        // 13 entries (12 files and sub/) in pages of 13, then of 5: 1 page, then 5 + 5 + 3.
        for (const std::string limit : {"13", "5"}) {
            std::map<std::string, std::string> params = {
                {"job", std::to_string(job)}, {"dir", s(src) + "/dir"}, {"limit", limit}};
            auto compact_params = params;
            compact_params.emplace("compact", "1");
            auto shape = c.files(compact_params);
            QVERIFY(shape && shape->contains("views") && shape->contains("columns"));
            QCOMPARE((*shape)["views"][0]["source"].get<std::string>(), s(src));
            std::vector<tl::client::FileEntry> compact;
            int pages = 0;
            for (;;) {
                auto objects = c.files(params);
                auto page = c.file_page(params);
                QVERIFY(objects && page);
                ++pages;
                const auto& entries = (*objects)["entries"];
                QCOMPARE(page->entries.size(), entries.size());
                QVERIFY2(!entries.empty(), "a page after the last one");
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    const auto& e = page->entries[i];
                    QCOMPARE(e.name, entries[i]["name"].get<std::string>());
                    QCOMPARE(e.path, entries[i]["path"].get<std::string>());
                    QCOMPARE(e.dir, entries[i]["dir"].get<bool>());
                    QCOMPARE(e.size, entries[i]["size"].get<std::uint64_t>());
                    QCOMPARE(e.job, entries[i]["job"].get<std::int64_t>());
                    QCOMPARE(e.source, entries[i]["source"].get<std::string>());
                    compact.push_back(e);
                }
                QCOMPARE(page->next.empty(), !(*objects)["next"].is_string());
                if (page->next.empty()) break;
                params.insert_or_assign("after", page->next);
            }
            QCOMPARE(pages, limit == "13" ? 1 : 3);
            QCOMPARE(compact.size(), std::size_t{13});
            QCOMPARE(compact.back().name, std::string("sub"));
            QVERIFY(compact.back().dir);
            QCOMPARE(compact.front().path, std::string("dir/f00.bin"));
            QCOMPARE(compact.front().size, std::uint64_t{100});
        }
    }

    void aCommandStartsTheServiceUnlessToldNotTo() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QVERIFY(tl::ensure_directory(s(home)));
        tltest::ServiceGuard guard{home};
        auto refused = cli(home, {"--no-autostart", "jobs", "list"}, "1");
        QCOMPARE(refused.exit_code, 3);
        QVERIFY2(refused.err.contains("--no-autostart"), refused.err.constData());
        QVERIFY(!tl::client::ServiceClient(s(home)).service());

        auto list = cli(home, {"pool", "list", "--json"}, "1");
        QVERIFY2(list.exit_code == 0, list.err.constData());
        QVERIFY2(list.err.contains("started the service"), list.err.constData());
        auto info = tl::client::ServiceClient(s(home)).service();
        QVERIFY(info);
        QCOMPARE(tl::HomeLock::holder(s(home)), info->pid);
        QVERIFY(QFile::exists(home + "/logs/service.log"));
        // A command that writes goes through it too (a task), instead of exit 4.
        auto add = cli(home, {"pool", "add", "Weekly"}, "1");
        QVERIFY2(add.exit_code == 0, add.err.constData());
        auto pools = cli(home, {"--no-autostart", "pool", "list", "--json"}, "1");
        QVERIFY2(pools.exit_code == 0, pools.err.constData());
        QVERIFY2(pools.out.contains("Weekly"), pools.out.constData());
        QVERIFY(!pools.err.contains("started the service"));
    }
};

QTEST_GUILESS_MAIN(TestServiceQueries)
#include "test_service_queries.moc"
