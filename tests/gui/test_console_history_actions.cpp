#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "models/job_history_model.h"
#include "pages/jobs/history_actions.h"
#include "pages/jobs/history_filter_proxy.h"
#include "pages/jobs/history_panel.h"
#include "pages/jobs/jobs_page.h"
#include "shot.h"

using tltest::run_cli;
using tltest::with_home;

// Verify and clone of a backup from the Jobs page's History (docs/console.md): the menu of a
// backup that wrote data offers both, they run as jobs of the service started through its typed
// door (POST /v1/verifications, POST /v1/clones: the audit log names each route, nothing goes
// through the command tunnel), and what the service says (a refusal in its words) reaches the
// page.
class TestConsoleHistoryActions : public QObject {
    Q_OBJECT

    static QJsonDocument cliJson(const QString& home, const QStringList& args) {
        auto r = run_cli(with_home(home, args + QStringList{"--json"}));
        if (r.exit_code != 0) qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
        return QJsonDocument::fromJson(r.out);
    }
    static int rowOf(tl::ui::HistoryPanel& panel, qint64 job) {
        for (int r = 0; r < panel.proxy()->rowCount(); ++r)
            if (panel.proxy()->index(r, tl::ui::JobHistoryModel::Id).data().toLongLong() == job)
                return r;
        return -1;
    }
    // Reloads the panel's history from the service; false when it did not arrive.
    static bool refreshed(tl::ui::HistoryPanel& panel) {
        QSignalSpy done(&panel, &tl::ui::HistoryPanel::refreshed);
        panel.refresh();
        return done.wait(30000);
    }
    static QAction* action(QMenu* menu, const QString& startsWith) {
        for (auto* a : menu->actions())
            if (a->text().remove(QLatin1Char('&')).startsWith(startsWith)) return a;
        return nullptr;
    }
    // The kind and status of every job in the history, by id.
    static QMap<qint64, QString> jobs(const QString& home) {
        QMap<qint64, QString> out;
        for (const auto& v : cliJson(home, {"jobs", "list"}).array()) {
            const auto o = v.toObject();
            out[o.value("id").toInteger()] =
                o.value("kind").toString() + QLatin1Char(' ') + o.value("status").toString();
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest")); }

    void verifyAndCloneRunInTheService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        QCOMPARE(run_cli(with_home(home, {"backup", "--source", src, "--drives", "1"})).exit_code,
                 0);
        QCOMPARE(
            run_cli(with_home(home, {"pool", "add", "Offsite", "--purpose", "clone"})).exit_code,
            0);
        QCOMPARE(run_cli(with_home(home, {"volume", "label", "--barcode", "TLO020L9", "--pool",
                                          "Offsite"}))
                     .exit_code,
                 0);
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard board;
        tl::ui::JobsPage page(c.ctx, board);
        page.show();
        auto* panel = page.historyPanel();
        QVERIFY(refreshed(*panel));
        const int row = rowOf(*panel, 1);
        QVERIFY(row >= 0);

        // The backup's menu: Verify runs the service's verify; the history gains its job.
        std::unique_ptr<QMenu> menu(panel->menuFor(row));
        auto* verify = action(menu.get(), QStringLiteral("Verify"));
        auto* clone = action(menu.get(), QStringLiteral("Clone"));
        QVERIFY(verify && clone && verify->isEnabled() && clone->isEnabled());
        tltest::shot(menu.get(), QStringLiteral("jobs_history_backup_menu"));
        QSignalSpy done(page.historyActions(), &tl::ui::HistoryActions::finished);
        verify->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 120000);
        QVERIFY2(done.at(0).at(1).toString().isEmpty(), qPrintable(done.at(0).at(1).toString()));
        QVERIFY2(page.statusText().contains(QStringLiteral("verified")),
                 qPrintable(page.statusText()));
        auto all = jobs(home);
        QCOMPARE(all.value(2), QStringLiteral("verify completed"));
        QVERIFY2(page.statusText().contains(QStringLiteral("Files checked: ")),
                 qPrintable(page.statusText()));
        QCOMPARE(tltest::audited(home, "POST", "/v1/verifications"), 1);

        // Clone to the pool the user picks: the catalog lists the copy in Offsite.
        QStringList offered;
        page.historyActions()->setAskPool(
            [&](qint64 job, const QString&, const QStringList& pools) {
                offered = pools;
                return job == 1 ? QStringLiteral("Offsite") : QString();
            });
        QStringList servicePools; // the pools offered are the service's (GET /v1/pools)
        for (const auto& v : cliJson(home, {"pool", "list"}).array())
            servicePools << v.toObject().value("name").toString();
        clone->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 120000);
        QVERIFY2(done.at(1).at(1).toString().isEmpty(), qPrintable(done.at(1).at(1).toString()));
        QVERIFY(offered.contains(QStringLiteral("Offsite")));
        offered.sort();
        servicePools.sort();
        QCOMPARE(offered, servicePools);
        const auto copies = cliJson(home, {"jobs", "show", "1"}).object().value("copies").toArray();
        QCOMPARE(copies.size(), 1);
        QCOMPARE(copies[0].toObject().value("pool").toString(), QStringLiteral("Offsite"));

        QCOMPARE(tltest::audited(home, "POST", "/v1/clones"), 1);
        QVERIFY2(page.statusText().contains(QStringLiteral("Written to TLO020L9.")),
                 qPrintable(page.statusText()));

        // A second copy to the same pool is the service's refusal, in its words (409).
        QVERIFY(page.historyActions()->cloneTo(1, QStringLiteral("Offsite")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 120000);
        const QString refusal = done.at(2).at(1).toString();
        QVERIFY2(refusal.contains(QStringLiteral("already has a copy in pool Offsite")),
                 qPrintable(refusal));
        QCOMPARE(page.statusText(), refusal);
        QCOMPARE(tltest::audited(home, "POST", "/v1/clones", true), 1);
        QCOMPARE(tltest::tunnelled(home), 0);

        // Verify copy: the pools offered are those holding the job's copies; the service's verify
        // reads the copy's volume, not the original's.
        page.historyActions()->setAskPool([&](qint64, const QString&, const QStringList& pools) {
            offered = pools;
            return pools.value(0);
        });
        action(menu.get(), QStringLiteral("Verify copy"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 4, 120000);
        QVERIFY2(done.at(3).at(1).toString().isEmpty(), qPrintable(done.at(3).at(1).toString()));
        QCOMPARE(offered, QStringList{QStringLiteral("Offsite")});
        QVERIFY2(page.statusText().contains(QStringLiteral("in pool Offsite verified")) &&
                     page.statusText().contains(QStringLiteral("from TLO020L9.")),
                 qPrintable(page.statusText()));
        QCOMPARE(tltest::audited(home, "POST", "/v1/verifications"), 2);

        // The verify job's own menu offers neither: only a backup with data is read back.
        QVERIFY(refreshed(*panel));
        const int verifyRow = rowOf(*panel, 2);
        QVERIFY(verifyRow >= 0);
        std::unique_ptr<QMenu> other(panel->menuFor(verifyRow));
        QVERIFY(!action(other.get(), QStringLiteral("Verify"))->isEnabled());
        QVERIFY(!action(other.get(), QStringLiteral("Clone"))->isEnabled());
        page.tabs()->setCurrentIndex(tl::ui::JobsPage::HistoryTab);
        page.resize(1280, 800);
        tltest::shot(&page, QStringLiteral("jobs_history_verify_clone"));
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Jobs ▸ History is the service's history (GET /v1/jobs?rates=true through the typed door):
    // the same jobs with their status, bytes and rates; with the service stopped the page says
    // it cannot read the history instead of showing the catalog file it could open itself.
    void historyIsTheServicesHistory() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        for (int i = 0; i < 2; ++i)
            QCOMPARE(
                run_cli(with_home(home, {"backup", "--source", src, "--drives", "1"})).exit_code,
                0);
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::client::ServiceClient client(home.toStdString());
        auto served = tl::client::ServiceApi(client).job_history(100, 0);
        QVERIFY2(served, served ? "" : served.error().message.c_str());
        QCOMPARE(served->rows.size(), std::size_t(2));
        tl::ui::TaskBoard board;
        tl::ui::JobsPage page(c.ctx, board);
        auto* panel = page.historyPanel();
        QVERIFY(refreshed(*panel));
        const auto& rows = panel->model()->rows();
        QCOMPARE(rows.size(), served->rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto& s = served->rows[served->rows.size() - 1 - i]; // the page: newest first
            QCOMPARE(rows[i].id, qint64(s.id));
            QCOMPARE(rows[i].status, QString::fromStdString(s.status));
            QCOMPARE(rows[i].bytes, qint64(s.bytes));
            QVERIFY(s.wall_rate_Bps > 0);
            QCOMPARE(rows[i].wall, s.wall_rate_Bps);
            QCOMPARE(rows[i].sustained, s.sustained_rate_Bps);
        }

        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QSignalSpy failed(panel, &tl::ui::HistoryPanel::failed);
        page.tabs()->setCurrentIndex(tl::ui::JobsPage::HistoryTab);
        panel->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() >= 1, 30000);
        QVERIFY2(page.statusText().contains(QStringLiteral("Cannot read the job history")) &&
                     page.statusText().contains(QStringLiteral("service")),
                 qPrintable(page.statusText()));
        // Clone's pools are the service's too (GET /v1/pools): none offered, nothing asked.
        bool asked = false;
        page.historyActions()->setAskPool([&asked](qint64, const QString&, const QStringList&) {
            asked = true;
            return QString();
        });
        QVERIFY(page.historyActions()->clone(1));
        QTRY_VERIFY_WITH_TIMEOUT(page.statusText().contains(QStringLiteral("was not cloned")),
                                 30000);
        QVERIFY2(page.statusText().contains(QStringLiteral("service")),
                 qPrintable(page.statusText()));
        QVERIFY(!asked);
        QVERIFY(board.waitReadsDone(60000));
    }
};

QTEST_MAIN(TestConsoleHistoryActions)
#include "test_console_history_actions.moc"
