#include <QtTest>

#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "dialogs/backup_dialog.h"
#include "fixture_tree.h"
#include "models/job_history_model.h"
#include "models/log_model.h"
#include "pages/clients/clients_page.h"
#include "pages/devices/devices_page.h"
#include "pages/devices/drive_table_model.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/history_panel.h"
#include "pages/jobs/jobs_page.h"
#include "pages/library/library_page.h"
#include "pages/log/log_page.h"
#include "pages/media/media_actions.h"
#include "pages/media/media_page.h"
#include "pages/media/pools_panel.h"
#include "pages/media/volume_table_model.h"
#include "pages/reports/job_reports_view.h"
#include "pages/reports/reports_page.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "pages/settings/job_defaults_box.h"
#include "pages/settings/settings_page.h"
#include "remote_console.h"
#include "restore_reads.h"
#include "shell/main_window.h"
#include "shot.h"
#include "widgets/message_line.h"

using tltest::run_cli;
using tltest::with_home;

namespace {
QJsonArray cliJson(const QString& home, const QStringList& args) {
    auto r = run_cli(with_home(home, args + QStringList{"--json"}));
    if (r.exit_code != 0) qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
    return QJsonDocument::fromJson(r.out).array();
}
bool has(const QJsonArray& rows, const char* key, const QString& value) {
    for (const auto& v : rows)
        if (v.toObject().value(QLatin1String(key)).toString() == value) return true;
    return false;
}
bool isRefusal(const QString& error) {
    return error.contains(QStringLiteral("refused")) && error.contains(QStringLiteral("scope"));
}
} // namespace

// The console on a REMOTE service (docs/console.md "A remote service"; issue 38): its pages are
// given a door that is an HTTPS address with a token, no data directory, exactly as
// `tapeloom --connect https://HOST:PORT` gives them. With a read token every page shows what
// the service holds (each read is an HTTPS GET the service logged) and every change is refused
// with the service's words naming the scope it needs, nothing changed; with an operate or admin
// token the same change is done.
class TestRemoteConsole : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;
    tltest::RemoteConsole remote_;

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
        home_ = dir_.path() + "/home";
        const QString src = dir_.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(40000, 5)));
        QCOMPARE(run_cli(with_home(home_, {"volume", "label", "--barcode", "TLO001L9", "--pool",
                                           "Default"}))
                     .exit_code,
                 0);
        QCOMPARE(run_cli(with_home(home_, {"backup", "--source", src, "--drives", "1"})).exit_code,
                 0);
        remote_ = tltest::remote_console(home_, dir_.path());
        QVERIFY(remote_);
    }

    // Media: the volumes and pools of the service over HTTPS; labeling and a pool added are
    // refused to a read token (nothing labeled, no pool), done with operate and admin.
    void mediaReadsAndRefuses() {
        tl::ui::TaskBoard board;
        const auto reader = remote_.as(QStringLiteral("read"));
        QVERIFY(reader.home().empty() && reader.door.isRemote());
        {
            tl::ui::MediaPage page(reader, board);
            QSignalSpy refreshed(&page, &tl::ui::MediaPage::refreshed);
            page.show();
            QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 30000);
            QCOMPARE(page.volumeModel()->rowCount(), 24); // the default library's cartridges
            bool labeled = false;
            for (int r = 0; r < page.volumeModel()->rowCount(); ++r)
                labeled = labeled || page.volumeModel()->index(r, 0).data().toString() ==
                                         QStringLiteral("TLO001L9");
            QVERIFY(labeled);
            QVERIFY(
                !page.statusLabel()->text().contains(QStringLiteral("error"), Qt::CaseInsensitive));
            tltest::shot(&page, QStringLiteral("remote_media_read_token"));
        }
        QVERIFY(tltest::queried(home_, "/v1/volumes"));
        QWidget parent;
        {
            tl::ui::MediaActions actions(reader, board, &parent);
            QSignalSpy done(&actions, &tl::ui::MediaActions::finished);
            QVERIFY(actions.label(QStringLiteral("TLO002L9"), QStringLiteral("Default")));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
            const QString error = done.at(0).at(0).toString();
            QVERIFY2(isRefusal(error), qPrintable(error));
            QVERIFY(!has(cliJson(home_, {"volume", "list"}), "barcode", "TLO002L9"));
            tl::ui::PoolsPanel pools(reader, board);
            QSignalSpy said(&pools, &tl::ui::PoolsPanel::status);
            QVERIFY(pools.addPool(QStringLiteral("Weekly"), {}));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 1, 30000);
            QVERIFY(said.at(0).at(1).toBool()); // shown as an error
            QVERIFY2(isRefusal(said.at(0).at(0).toString()),
                     qPrintable(said.at(0).at(0).toString()));
            QVERIFY(!has(cliJson(home_, {"pool", "list"}), "name", "Weekly"));
        }
        {
            tl::ui::MediaActions actions(remote_.as(QStringLiteral("operate")), board, &parent);
            QSignalSpy done(&actions, &tl::ui::MediaActions::finished);
            QVERIFY(actions.label(QStringLiteral("TLO002L9"), QStringLiteral("Default")));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
            QVERIFY2(done.at(0).at(0).toString().isEmpty(),
                     qPrintable(done.at(0).at(0).toString()));
            QVERIFY(has(cliJson(home_, {"volume", "list"}), "barcode", "TLO002L9"));
            tl::ui::PoolsPanel pools(remote_.as(QStringLiteral("admin")), board);
            QSignalSpy said(&pools, &tl::ui::PoolsPanel::status);
            QVERIFY(pools.addPool(QStringLiteral("Weekly"), {}));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 1, 30000);
            QVERIFY2(!said.at(0).at(1).toBool(), qPrintable(said.at(0).at(0).toString()));
            QVERIFY(has(cliJson(home_, {"pool", "list"}), "name", "Weekly"));
        }
        // Every write reached the service over HTTPS: two refused, two done.
        QCOMPARE(tltest::audited(home_, "POST", "/v1/volumes/TLO002L9/label", true), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/volumes/TLO002L9/label"), 1);
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Library: the changer's slots and drives over HTTPS; a load is refused to a read token
    // (the cartridge stays in its slot).
    void libraryReadsAndRefuses() {
        tl::ui::TaskBoard board;
        tl::ui::LibraryPage page(remote_.as(QStringLiteral("read")), board);
        QSignalSpy refreshed(&page, &tl::ui::LibraryPage::refreshed);
        QSignalSpy moved(&page, &tl::ui::LibraryPage::moveFinished);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 30000);
        QVERIFY(!page.snapshot().library.empty());
        QVERIFY(page.load(1, 0));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 60000);
        QVERIFY2(isRefusal(moved.at(0).at(0).toString()), qPrintable(moved.at(0).at(0).toString()));
        tltest::shot(&page, QStringLiteral("remote_library_read_token"));
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Devices, Clients and Settings read over HTTPS what the service holds.
    void devicesClientsAndSettingsRead() {
        tl::ui::TaskBoard board;
        const auto reader = remote_.as(QStringLiteral("read"));
        {
            tl::ui::DevicesPage page(reader, board);
            QSignalSpy refreshed(&page, &tl::ui::DevicesPage::refreshed);
            page.show();
            QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 30000);
            // Every configured drive, as `drive status` lists them on the service's machine.
            const auto status = run_cli(with_home(home_, {"drive", "status", "--json"}));
            const int drives = int(status.json().object().value("drives").toArray().size());
            QVERIFY2(drives > 0, status.out.constData());
            QCOMPARE(page.drivesModel()->rowCount(), drives);
        }
        {
            tl::ui::ClientsPage page(reader, board);
            QSignalSpy refreshed(&page, &tl::ui::ClientsPage::refreshed);
            page.show();
            QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 30000);
            QCOMPARE(page.serviceFingerprint().size(), 64); // read over HTTPS
            QVERIFY(tltest::queried(home_, "/v1/service/identity"));
        }
        {
            tl::ui::SettingsPage page(reader, board);
            page.show();
            QTRY_VERIFY_WITH_TIMEOUT(page.jobDefaults()->pool()->findText("Weekly") >= 0 ||
                                         page.jobDefaults()->pool()->findText("Default") >= 0,
                                     30000);
        }
        QVERIFY(board.waitReadsDone(60000));
    }

    // A job definition on a remote service: a client is picked (issue 41) and its sources become
    // client:NAME:/path; the sources are the service's or the client's paths, so the console
    // checks that they are absolute, not that they exist on its own machine.
    void definitionDialogPicksAClient() {
        QCOMPARE(run_cli(with_home(home_, {"client", "add", "web1", "--address", "127.0.0.1:9",
                                           "--fingerprint", QString(64, 'a')}))
                     .exit_code,
                 0);
        tl::ui::TaskBoard board;
        tl::ui::JobsPage page(remote_.as(QStringLiteral("read")), board);
        page.show();
        auto* dlg = page.newDefinition();
        QVERIFY(dlg);
        QTRY_VERIFY_WITH_TIMEOUT(dlg->clientField()->findData(QStringLiteral("web1")) >= 0, 30000);
        QVERIFY(dlg->clientField()->itemText(0).contains(QStringLiteral("127.0.0.1")));
        dlg->nameField()->setText(QStringLiteral("web"));
        dlg->clientField()->setCurrentIndex(dlg->clientField()->findData(QStringLiteral("web1")));
        dlg->sourcesField()->setPlainText(QStringLiteral("/srv/www\n/etc/nginx"));
        QVERIFY2(dlg->sourcesError()->message().isEmpty(),
                 qPrintable(dlg->sourcesError()->message()));
        QCOMPARE(dlg->definition().sources,
                 (std::vector<std::string>{"client:web1:/srv/www", "client:web1:/etc/nginx"}));
        dlg->clientField()->setCurrentIndex(0);
        dlg->sourcesField()->setPlainText(QStringLiteral("/no/such/dir/on/this/machine"));
        QVERIFY2(dlg->sourcesError()->message().isEmpty(),
                 qPrintable(dlg->sourcesError()->message()));
        dlg->sourcesField()->setPlainText(QStringLiteral("relative/dir"));
        QVERIFY(dlg->sourcesError()->message().contains(QStringLiteral("absolute")));
        dlg->reject();

        // Editing a client's definition shows its client and its paths, and gives them back.
        tl::schedule::JobDefinition d;
        d.name = "web";
        d.sources = {"client:web1:/srv/www", "client:web1:/etc/nginx"};
        tl::ui::DefinitionDialog edit(d, {}, true);
        QCOMPARE(edit.client(), QStringLiteral("web1"));
        QCOMPARE(edit.sourcesField()->toPlainText(), QStringLiteral("/srv/www\n/etc/nginx"));
        QCOMPARE(edit.definition().sources, d.sources);
        QVERIFY(board.waitReadsDone(60000));
    }

    // The whole window on the remote service with a read token, as `tapeloom --connect` opens
    // it: the Jobs history, the Restore page's backups, Reports and the Log page show what the
    // service holds; the status bar names the service, not a data directory of this machine.
    void wholeWindowReadsEveryPage() {
        tl::ui::MainWindow w(remote_.as(QStringLiteral("read")));
        w.resize(1400, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showPage(QStringLiteral("jobs"));
        auto* history = w.jobsPage()->historyPanel();
        QTRY_VERIFY_WITH_TIMEOUT(history->model()->rowCount() >= 1, 30000); // the backup job
        QCOMPARE(history->model()
                     ->index(history->model()->rowCount() - 1, tl::ui::JobHistoryModel::Id)
                     .data()
                     .toLongLong(),
                 1);
        w.showPage(QStringLiteral("restore"));
        QVERIFY(tltest::shownAndRead(*w.restorePage()));
        QVERIFY(w.restorePage()->picker()->jobCount() >= 1);
        // Back up now on a remote service: its drives, and its paths typed, not browsed here.
        {
            tl::ui::BackupDialog backup(1, {});
            backup.readChoices(remote_.as(QStringLiteral("read")).door);
            QTRY_VERIFY_WITH_TIMEOUT(!backup.isReadingChoices(), 30000);
            QVERIFY2(backup.problem().isEmpty(), qPrintable(backup.problem()));
            QVERIFY(backup.drives()->maximum() >= 1);
            QVERIFY(!backup.browseButton()->isEnabled());
            QVERIFY(backup.client()->itemText(0).contains(QStringLiteral("127.0.0.1")));
        }
        // The target folder is the service's: typed, never browsed on this machine.
        auto* target = w.restorePage()->targetPanel();
        target->setTarget(QStringLiteral("/restore"));
        QVERIFY(!target->browseButton()->isEnabled());
        QVERIFY2(target->browseButton()->toolTip().contains(QStringLiteral("127.0.0.1")),
                 qPrintable(target->browseButton()->toolTip()));
        w.showPage(QStringLiteral("reports"));
        QTRY_VERIFY_WITH_TIMEOUT(w.reportsPage()->jobs()->model()->rowCount() >= 1, 30000);
        // The job's log lines are the service's (GET /v1/jobs/{id}/log), not this machine's.
        QVERIFY(w.reportsPage()->jobs()->showJob(1));
        auto* log = w.reportsPage()->jobs()->logText();
        QTRY_VERIFY2_WITH_TIMEOUT(log->toPlainText().contains(QStringLiteral("job 1")),
                                  qPrintable(log->toPlainText()), 30000);
        QVERIFY(tltest::queried(home_, "/v1/jobs/1/log"));
        w.showPage(QStringLiteral("log"));
        QTRY_VERIFY_WITH_TIMEOUT(w.logPage()->model()->rowCount() >= 1, 30000);
        QVERIFY(tltest::queried(home_, "/v1/log"));
        bool namesService = false;
        for (auto* l : w.statusBar()->findChildren<QLabel*>())
            namesService = namesService || l->text().contains(remote_.url);
        QVERIFY(namesService);
        w.showPage(QStringLiteral("jobs"));
        tltest::shot(&w, QStringLiteral("remote_console_read_token"));
        w.setQuitQuestion(
            [](const QString&, bool) { return tl::ui::MainWindow::QuitChoice::CancelJobAndQuit; });
    }
};

QTEST_MAIN(TestRemoteConsole)
#include "test_remote_console.moc"
