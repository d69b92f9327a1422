#include <QtTest>

#include "agent_process.h"
#include "cli_runner.h"
#include "crafted_volume.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;

// Restores and verifies of a client's backup through the real programs (docs/agent.md
// "Restores to a client"): tapeloom-agent processes on 127.0.0.1, the CLI on a data directory
// with a virtual library.
class TestClientRestore : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    int run_ = 0;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home" + QString::number(run_)); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // An agent serving `allow`, added as client `name` and trusting this data directory.
    std::unique_ptr<AgentProcess> client(const QString& name, const QStringList& allow) {
        auto a = std::make_unique<AgentProcess>(path("state-" + name));
        if (!a->serve(allow) || !a->trust(a->add_to(home(), name))) return nullptr;
        return a;
    }

    // The names below `dir`, recursively, relative to it.
    static QStringList tree(const QString& dir) {
        QStringList names;
        QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            names << QDir(dir).relativeFilePath(it.next());
        names.sort();
        return names;
    }

private Q_SLOTS:
    void init() {
        QVERIFY(dir_.isValid());
        ++run_;
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "64M"}))
                     .exit_code,
                 0);
    }

    void cleanup() {
        QDir(dir_.path()).removeRecursively();
        QDir().mkpath(dir_.path());
    }

    // restore --path to a client: only the selected objects are sent to the agent and written;
    // the selection is byte-identical, nothing else is there.
    void aSelectionRestoresOntoAClient() {
        const QString src = path("tree"), to = path("target");
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto a = client("A", {src});
        auto b = client("B", {to});
        QVERIFY(a && b);
        auto backup = run_cli(h({"backup", "--client", "A", "--source", src, "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const qint64 all = backup.json().object().value("files").toInteger();
        auto restore = run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to, "--path",
                                  "small/d3", "--path", src + "/ünïcødé", "--json"}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        const qint64 restored = restore.json().object().value("restored").toInteger();
        QVERIFY2(restored >= 22, restore.out.constData()); // small/d3: 20 files, ünïcødé: 2

        QString why;
        QVERIFY2(tltest::same_tree(src + "/small/d3", to + src + "/small/d3", &why),
                 qPrintable(why));
        QVERIFY2(tltest::same_tree(src + "/ünïcødé", to + src + "/ünïcødé", &why), qPrintable(why));
        QStringList top = tree(to + src);
        top = top.filter(QRegularExpression("^[^/]+$"));
        QCOMPARE(top, (QStringList{"small", "ünïcødé"}));
        for (const auto& name : tree(to + src + "/small"))
            QVERIFY2(name.startsWith("d3"), qPrintable(name)); // no other folder of small/
        // The agent received the selected objects only, not the job's other files.
        const auto& log = b->wait_for_log("object(s) received");
        const auto m =
            QRegularExpression("(\\d+) object\\(s\\) received").match(QString::fromUtf8(log));
        QVERIFY2(m.hasMatch(), log.constData());
        const qint64 received = m.captured(1).toLongLong();
        QVERIFY2(received >= restored && received < restored + 5 && received < all,
                 qPrintable(QString("%1 received, %2 restored, %3 in the job")
                                .arg(received)
                                .arg(restored)
                                .arg(all)));
    }

    // verify --against-client: the same tree compares equal; after a file changed on the
    // client (same size, other bytes) and one deleted, both are named and the verify is partial.
    void verifyAgainstTheClientNamesChangedAndMissingFiles() {
        const QString src = path("tree");
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto a = client("A", {src});
        QVERIFY(a);
        auto backup = run_cli(h({"backup", "--client", "A", "--source", src}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        auto same = run_cli(h({"verify", "--job", "1", "--against-client", "--json"}));
        QVERIFY2(same.exit_code == 0, same.out.constData());
        QVERIFY(same.json().object().value("compared").toInteger() > 200);
        QCOMPARE(same.json().object().value("same").toInteger(),
                 same.json().object().value("compared").toInteger());

        const QString changed = src + "/small/d4/f14.txt", gone = src + "/small/d5/f25.txt";
        QFile f(changed);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const QByteArray was = f.readAll();
        f.seek(0);
        f.write(QByteArray(was.size(), 'x')); // same size, other content
        f.close();
        QVERIFY(QFile::remove(gone));
        auto differs = run_cli(h({"verify", "--job", "1", "--against-client", "--json"}));
        QCOMPARE(differs.exit_code, 7);
        const auto v = differs.json().object();
        QCOMPARE(v.value("status").toString(), QString("partial"));
        QCOMPARE(v.value("differing_count").toInteger(), 1);
        QCOMPARE(v.value("missing_count").toInteger(), 1);
        const auto d = v.value("differing").toArray().at(0).toObject();
        QCOMPARE(d.value("path").toString(), changed);
        QCOMPARE(d.value("client").toString(), QString("A"));
        QVERIFY2(d.value("why").toString().contains("content differs"),
                 qPrintable(d.value("why").toString()));
        QCOMPARE(v.value("missing").toArray().at(0).toObject().value("path").toString(), gone);
        // Text: each named.
        auto text = run_cli(h({"verify", "--job", "1", "--against-client"}));
        QCOMPARE(text.exit_code, 7);
        QVERIFY2(text.out.contains("DIFFERS A:" + changed.toUtf8()), text.out.constData());
        QVERIFY2(text.out.contains("MISSING A:" + gone.toUtf8()), text.out.constData());
    }

    // The crafted-media cases of the restore writer through an agent: a client's save set
    // whose objects are named to escape ("../", absolute, through a symlink) is restored by the
    // agent; nothing lands outside the target (nor outside --allow), each hostile entry is
    // refused and reported, the honest file is there and the link stays a link.
    void hostileMediaStayInsideTheTargetOnTheClient() {
        const QString home = path("crafted-home"), target = path("target"),
                      outside = path("outside");
        QVERIFY(QDir().mkpath(outside) && QDir().mkpath(target));
        QVERIFY(tltest::write_crafted_volume(home, "client:A:/srv/data", outside.toStdString()));
        AgentProcess a(path("state-crafted"));
        QVERIFY(a.serve({target}));
        QVERIFY(a.trust(a.add_to(home, "A")));
        auto scan = run_cli({"--home", home, "scan", "TLO005L9", "--json"});
        QVERIFY2(scan.exit_code == 7, scan.out.constData());
        auto r = run_cli({"--home", home, "restore", "--job", "1", "--to", target, "--json"});
        QCOMPARE(r.exit_code, 7); // partial: the hostile entries failed
        QVERIFY2(a.wait_for_log("object(s) received").contains("restore into"), a.log.constData());
        tltest::check_crafted_restore(target, outside, r.json().object());
    }

    // Whatever the catalog says: a client's save set whose source (the tree's path on the
    // client, which places it below the target) climbs out with ".." is refused by the agent
    // before anything is written, and the restore says why; nothing lands outside the target.
    void aSourceThatClimbsOutOfTheTargetIsRefused() {
        const QString home = path("climbing-home"), target = path("target"),
                      outside = path("outside");
        QVERIFY(QDir().mkpath(outside) && QDir().mkpath(target));
        QVERIFY(tltest::write_crafted_volume(home, "client:A:/../outside", outside.toStdString()));
        AgentProcess a(path("state-climbing"));
        QVERIFY(a.serve({target}));
        QVERIFY(a.trust(a.add_to(home, "A")));
        auto scan = run_cli({"--home", home, "scan", "TLO005L9", "--json"});
        QVERIFY2(scan.exit_code == 7, scan.out.constData());
        auto r = run_cli({"--home", home, "restore", "--job", "1", "--to", target, "--json"});
        QVERIFY2(r.exit_code != 0, r.out.constData());
        // The agent's reason, not the link it ended.
        const QString error = r.json().object().value("error").toString();
        QVERIFY2(error.startsWith("client A: ") && error.contains("'../outside' refused"),
                 qPrintable(error));
        QCOMPARE(
            QDir(outside).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
            0);
        QCOMPARE(
            QDir(target).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
            0);
    }
};

QTEST_MAIN(TestClientRestore)
#include "test_client_restore.moc"
