#include <QtTest>

#include <map>
#include <set>

#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;

// What must hold of remote clients (issue 41), through the real programs: two agents with
// their own state and trees; one job definition names both clients' trees and its run backs
// them up over 2 drives with 2 sessions per drive; `files ls` lists each client's tree apart;
// client A's trees are restored byte-identical onto client B.
class TestAgentTwoClients : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home"); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // Per source: the names `files ls --job JOB` lists at its top.
    std::map<QString, std::set<QString>> files_ls(qint64 job) const {
        auto r = run_cli(h({"files", "ls", "--job", QString::number(job), "--json"}));
        std::map<QString, std::set<QString>> out;
        for (const auto& v : r.json().array())
            out[v.toObject().value("source").toString()].insert(
                v.toObject().value("name").toString());
        return out;
    }

private Q_SLOTS:
    void oneDefinitionOfTwoClientsOverTwoDrivesRestoresAOntoB() {
        QVERIFY(dir_.isValid());
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "256M"}))
                     .exit_code,
                 0);
        const QStringList trees{path("a1"), path("a2"), path("b1"), path("b2")};
        for (const auto& t : trees) {
            QVERIFY(tltest::make_fixture_tree(t, 4 << 20));
            QFile mark(t + "/only-in-" + QFileInfo(t).fileName() + ".txt");
            QVERIFY(mark.open(QIODevice::WriteOnly));
            mark.write(t.toUtf8());
        }
        const QString to = path("target-b");
        AgentProcess a(path("state-a")), b(path("state-b"));
        QVERIFY(a.fingerprint != b.fingerprint);
        QVERIFY(a.serve({trees[0], trees[1]}));
        QVERIFY(b.serve({trees[2], trees[3], to}));
        const QString service = a.add_to(home(), "A");
        QCOMPARE(b.add_to(home(), "B"), service);
        QVERIFY(a.trust(service) && b.trust(service));

        auto defined =
            run_cli(h({"job", "define", "both", "--source", "client:A:" + trees[0], "--source",
                       "client:A:" + trees[1], "--source", "client:B:" + trees[2], "--source",
                       "client:B:" + trees[3], "--library", "small", "--drives", "2",
                       "--sessions-per-drive", "2"}));
        QVERIFY2(defined.exit_code == 0, defined.err.constData());
        auto run = run_cli(h({"job", "run", "both", "--json"}));
        QVERIFY2(run.exit_code == 0, (run.out + run.err).constData());
        const auto report = run.json().object();
        const qint64 job = report.value("job_id").toInteger();
        QVERIFY(job > 0);
        std::map<QString, int> per_drive;
        for (const auto& v : report.value("sessions").toArray()) {
            const auto s = v.toObject();
            QCOMPARE(s.value("status").toString(), QString("completed"));
            ++per_drive[s.value("drive").toString()];
        }
        QCOMPARE(report.value("sessions").toArray().size(), 4);
        QCOMPARE(per_drive.size(), std::size_t{2}); // both drives
        for (const auto& [drive, sessions] : per_drive)
            QVERIFY2(sessions <= 2, qPrintable(drive));

        // Each client's trees apart, each with its own files only.
        const auto listed = files_ls(job);
        QCOMPARE(listed.size(), std::size_t{4});
        for (int i = 0; i < trees.size(); ++i) {
            const QString source = QString(i < 2 ? "client:A:" : "client:B:") + trees[i];
            QVERIFY2(listed.count(source), qPrintable(source));
            for (int j = 0; j < trees.size(); ++j)
                QCOMPARE(
                    listed.at(source).count("only-in-" + QFileInfo(trees[j]).fileName() + ".txt"),
                    std::size_t(i == j ? 1 : 0));
        }

        // Client A's trees onto client B, byte-identical, named as they are on client A (each
        // path selects in its own tree only).
        auto restore = run_cli(h({"restore", "--job", QString::number(job), "--client", "B", "--to",
                                  to, "--path", trees[0], "--path", trees[1], "--json"}));
        QVERIFY2(restore.exit_code == 0, (restore.out + restore.err).constData());
        QString why;
        QVERIFY2(tltest::same_tree(trees[0], to + trees[0], &why), qPrintable(why));
        QVERIFY2(tltest::same_tree(trees[1], to + trees[1], &why), qPrintable(why));
        QVERIFY(!QFileInfo::exists(to + trees[2]));
        QVERIFY(!QFileInfo::exists(to + trees[3]));
    }
};

QTEST_GUILESS_MAIN(TestAgentTwoClients)
#include "test_agent_two_clients.moc"
