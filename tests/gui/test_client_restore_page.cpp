#include <QComboBox>
#include <QJsonArray>
#include <QSignalSpy>
#include <QtTest>
#include <map>
#include <set>

#include "agent_process.h"
#include "audit_log.h"
#include "bridge/restore_runner.h"
#include "cli_runner.h"
#include "client/service_client.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "models/restore_tree_model.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "restore_reads.h"

using tltest::AgentProcess;
using tltest::run_cli;
using tltest::with_home;

// The Restore page and remote clients (issue 41, docs/console.md "Restore"), beside a real
// service with two real agents: one job backs up both clients' trees; the page lists each
// client's history apart (the Client box), shows each client's tree apart as `files ls` lists
// it, and restores client A's tree onto client B (Restore on: client B) byte-identical; a
// target outside B's --allow fails with the agent's refusal shown, nothing written. Both restores
// go through the service's typed door (POST /v1/restores).
class TestClientRestorePage : public QObject {
    Q_OBJECT

    // Per source: the names `files ls --job JOB` lists at its top.
    static std::map<QString, std::set<QString>> files_ls(const QString& home, qint64 job) {
        auto r = run_cli(with_home(home, {"files", "ls", "--job", QString::number(job), "--json"}));
        std::map<QString, std::set<QString>> out;
        for (const auto& v : r.json().array())
            out[v.toObject().value("source").toString()].insert(
                v.toObject().value("name").toString());
        return out;
    }

    // The top-level rows of the page's tree and, below each, the names listed.
    static std::map<QString, std::set<QString>> shown(tl::ui::RestoreTreeModel* m) {
        std::map<QString, std::set<QString>> out;
        for (int r = 0; r < m->rowCount(); ++r) {
            const auto top = m->index(r, 0);
            while (tltest::treeRead(m) && m->canFetchMore(top))
                m->fetchMore(top);
            auto& names = out[top.data().toString()];
            for (int c = 0; c < m->rowCount(top); ++c)
                names.insert(m->index(c, 0, top).data().toString());
        }
        return out;
    }

    static QStringList listed(const QComboBox* box) {
        QStringList items;
        for (int i = 0; i < box->count(); ++i)
            items << box->itemText(i);
        return items;
    }

private Q_SLOTS:
    void aClientsTreeRestoresOntoAnotherClient() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", srcA = d.path() + "/a-tree",
                      srcB = d.path() + "/b-tree", to = d.path() + "/b-target",
                      outside = d.path() + "/b-outside";
        QVERIFY(tltest::make_fixture_tree(srcA, 3 << 20));
        QVERIFY(tltest::make_fixture_tree(srcB, 1 << 20));
        QVERIFY(tltest::write_file(srcB + "/only-on-b.txt", "b\n"));
        QCOMPARE(run_cli(with_home(home, {"library", "add", "--virtual", "--name", "small",
                                          "--drives", "2", "--slots", "10", "--capacity", "64M"}))
                     .exit_code,
                 0);
        AgentProcess a(d.path() + "/state-a"), b(d.path() + "/state-b");
        QVERIFY(a.serve({srcA}));
        QVERIFY(b.serve({srcB, to}));
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const QString service = a.add_to(home, "A");
        QCOMPARE(b.add_to(home, "B"), service);
        QVERIFY(a.trust(service) && b.trust(service));

        // Job 1 reads both clients; job 2 only A.
        auto both = run_cli(with_home(home, {"backup", "--source", "client:A:" + srcA, "--source",
                                             "client:B:" + srcB, "--library", "small", "--json"}));
        QVERIFY2(both.exit_code == 0, both.err.constData());
        const qint64 job = both.json().object().value("job_id").toInteger();
        auto onlyA = run_cli(with_home(
            home, {"backup", "--client", "A", "--source", srcA, "--library", "small", "--json"}));
        QVERIFY2(onlyA.exit_code == 0, onlyA.err.constData());
        const qint64 jobA = onlyA.json().object().value("job_id").toInteger();

        const int tunnelledByCli = tltest::tunnelled(home);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        auto* picker = page.picker();

        // Client B's history is job 1 only; A's both jobs; A's sources only its own.
        QVERIFY(picker->chooseClient("B"));
        QCOMPARE(picker->jobCount(), 1);
        QVERIFY(picker->chooseJob(job));
        QVERIFY(!picker->chooseJob(jobA));
        QVERIFY(picker->chooseClient("A"));
        QCOMPARE(picker->jobCount(), 2);
        QCOMPARE(listed(picker->sourceBox()), QStringList{"client:A:" + srcA});
        QVERIFY(picker->chooseClient(""));
        QCOMPARE(picker->jobCount(), 0); // nothing of this machine was backed up
        QVERIFY(picker->chooseClient("*"));

        // Job 1's tree: each client's tree apart, as `files ls` lists them.
        QVERIFY(picker->chooseJob(job));
        auto* model = page.treeModel();
        QVERIFY(tltest::treeRead(model));
        const auto expected = files_ls(home, job);
        QCOMPARE(expected.size(), std::size_t(2));
        QCOMPARE(shown(model), expected);
        QVERIFY(expected.at("client:B:" + srcB).count("only-on-b.txt"));
        QVERIFY(!expected.at("client:A:" + srcA).count("only-on-b.txt"));

        // A's tree ticked, restored on client B into its allowed folder.
        int rowA = -1;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->index(r, 0).data().toString() == "client:A:" + srcA) rowA = r;
        QVERIFY(rowA >= 0);
        QVERIFY(model->setData(model->index(rowA, 0), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(page.targetPanel()->setClient("B"));
        page.targetPanel()->setTarget(to);
        QCOMPARE(page.plannedClients(), std::vector<std::string>{"B"});
        QSignalSpy finished(&page, &tl::ui::RestorePage::finished);
        QVERIFY(page.start());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        auto result = finished.at(0).at(0).value<tl::ui::RestoreSummary>();
        QVERIFY2(result.status == "completed", qPrintable(result.status + ": " + result.message));
        QVERIFY(result.restored > 0);
        QString why;
        QVERIFY2(tltest::same_tree(srcA, to + srcA, &why), qPrintable(why));
        QVERIFY(!QFileInfo::exists(to + srcB)); // only what was ticked

        // Outside what B's agent allows: refused, named on the page, nothing written.
        page.targetPanel()->setTarget(outside);
        QVERIFY(page.start());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 120000);
        result = finished.at(1).at(0).value<tl::ui::RestoreSummary>();
        QCOMPARE(result.status, QStringLiteral("failed"));
        const QString said = page.reportView()->resultText() + page.reportView()->statusText();
        QVERIFY2(said.contains("outside what this agent allows"), qPrintable(said));
        QVERIFY(!QFileInfo::exists(outside));
        // Both restores were asked for through the typed door, none through the tunnel: the
        // first done, the second refused by the service, as B's agent refused it.
        QCOMPARE(tltest::audited(home, "POST", "/v1/restores"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/restores", true), 1);
        QCOMPARE(tltest::tunnelled(home), tunnelledByCli);
    }
};

QTEST_MAIN(TestClientRestorePage)
#include "test_client_restore_page.moc"
