#include <QtTest>

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "catalog/db.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "models/restore_tree_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/jobs/schedule_table_model.h"
#include "pages/library/library_page.h"
#include "pages/media/media_page.h"
#include "pages/media/volume_table_model.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "restore_reads.h"
#include "shell/main_window.h"

// Issue #7's "done when", as one administrator's session in the console on a fresh data
// directory with the embedded virtual library, without the CLI: label the blank cartridges,
// define a job over 2 drives × 4 sessions with a schedule, run it now and watch it on the
// dashboard, restore one folder of it to another directory, move a cartridge to the mail slot
// and mark it off-site. Each step is checked against the catalog, the changer or the disk. The
// console is beside the real service of the data directory, as a user's console is: every
// change goes through the service's typed door (its audit log names each route).
class TestConsoleScenario : public QObject {
    Q_OBJECT

    static QByteArray read(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }
    static long long count(const QString& catalog, const std::string& sql) {
        auto db = tl::catalog::Db::open(catalog.toStdString(), false);
        if (!db) return -1;
        auto n = db->scalar(sql);
        return n ? n.value() : -1;
    }
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_console_scenario"));
        QSettings().clear();
        tl::log::ring();
    }

    void administratorsFirstDay() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", out = dir.path() + "/elsewhere";
        QStringList sources;
        for (int s = 0; s < 4; ++s) {
            const QString src = dir.path() + QString("/disk%1").arg(s);
            for (int f = 0; f < 12; ++f)
                QVERIFY(tltest::write_file(
                    src + QString("/projects/p%1/f%2.bin").arg(f % 3).arg(f),
                    tltest::random_bytes(40000 + 1000 * f, static_cast<quint32>(s * 50 + f))));
            QVERIFY(tltest::write_file(src + "/notes.txt", "disk " + QByteArray::number(s)));
            sources << src;
        }
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const QString catalog = home + "/catalog.db";
        tl::ui::MainWindow w(c.ctx);
        w.resize(1280, 900);
        w.show();

        // 1. Media: label every blank cartridge of the default library into Default.
        QVERIFY(w.showPage("media"));
        auto* media = w.mediaPage();
        QTRY_VERIFY_WITH_TIMEOUT(media->volumeModel()->rowCount() > 0, 20000);
        const int cartridges = media->volumeModel()->rowCount();
        QSignalSpy labeled(media, &tl::ui::MediaPage::taskFinished);
        QVERIFY(media->labelAllBlank(QStringLiteral("Default")));
        QTRY_VERIFY_WITH_TIMEOUT(labeled.count() == 1, 180000);
        QCOMPARE(labeled.first().first().toString(), QString());
        QCOMPARE(count(catalog, "SELECT count(*) FROM volumes WHERE state='append' AND pool_id="
                                "(SELECT id FROM pools WHERE name='Default')"),
                 static_cast<long long>(cartridges));

        // 2. Jobs: a definition over the four disks, 2 drives x 4 sessions, with a schedule.
        QVERIFY(w.showPage("jobs"));
        auto* jobs = w.jobsPage();
        auto* dlg = jobs->newDefinition();
        QVERIFY(dlg);
        dlg->nameField()->setText(QStringLiteral("disks"));
        dlg->sourcesField()->setPlainText(sources.join('\n'));
        dlg->drivesField()->setValue(2);
        dlg->sessionsField()->setValue(4);
        // OK once the service's pools and libraries are read (GET /v1/pools, /v1/libraries).
        QTRY_VERIFY2_WITH_TIMEOUT(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()), 20000);
        QSignalSpy closed(dlg, &QDialog::finished);
        QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 20000);
        QCOMPARE(count(catalog, "SELECT count(*) FROM job_definitions WHERE name='disks' AND "
                                "json_extract(spec,'$.drives')=2 AND "
                                "json_extract(spec,'$.sessions_per_drive')=4"),
                 1LL);
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::SchedulesTab);
        auto* sched = jobs->schedulePanel();
        sched->selectDefinition(QStringLiteral("disks"));
        sched->ruleField()->setText(QStringLiteral("full sun at 22:00; incr mon-sat at 22:00"));
        QCOMPARE(sched->previewRuns().size(), 5);
        QVERIFY(sched->addSchedule());
        QTRY_COMPARE_WITH_TIMEOUT(sched->model()->rowCount(), 1, 20000);
        QCOMPARE(count(catalog, "SELECT count(*) FROM schedules"), 1LL);

        // 3. Run it now (full) and watch it on the dashboard: the window switches there and the
        // dashboard follows the job with a tile per drive.
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::DefinitionsTab);
        QVERIFY(jobs->selectDefinition(QStringLiteral("disks")));
        jobs->setLevel(QStringLiteral("full"));
        QSignalSpy finished(jobs, &tl::ui::JobsPage::jobFinished);
        QVERIFY(jobs->runNow());
        auto* stack = w.findChild<QStackedWidget*>();
        QVERIFY(stack);
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("dashboard"));
        auto* dash = w.dashboardPage();
        QTRY_VERIFY_WITH_TIMEOUT(dash->lastSnapshot() && dash->lastSnapshot()->name == "disks",
                                 60000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 180000);
        const qint64 jobId = finished.first().at(0).toLongLong();
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("completed"));
        QTRY_VERIFY_WITH_TIMEOUT(dash->lastSnapshot()->job_id == jobId, 20000);
        QCOMPARE(dash->lastSnapshot()->drives.size(), std::size_t(2));
        QCOMPARE(dash->driveTileCount(), 2);
        QCOMPARE(count(catalog, "SELECT count(DISTINCT drive) FROM sessions WHERE job_id=" +
                                    std::to_string(jobId)),
                 2LL);

        // 4. Restore one folder of disk 2 to another directory.
        QVERIFY(w.showPage("restore"));
        auto* restore = w.restorePage();
        QTRY_VERIFY_WITH_TIMEOUT(restore->picker()->jobCount() >= 1, 20000);
        QVERIFY(restore->picker()->chooseJob(jobId));
        auto* m = restore->treeModel();
        QVERIFY(tltest::treeRead(m));
        QModelIndex root;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, 0).data().toString() == sources[2]) root = m->index(r, 0);
        QVERIFY(root.isValid());
        const auto folder = tltest::child(m, tltest::child(m, root, "projects"), "p1");
        QVERIFY(folder.isValid());
        QVERIFY(m->setData(folder, Qt::Checked, Qt::CheckStateRole));
        restore->targetPanel()->setTarget(out);
        QSignalSpy restored(restore, &tl::ui::RestorePage::finished);
        QVERIFY(restore->start());
        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 120000);
        const auto result = restored.first().first().value<tl::ui::RestoreSummary>();
        QVERIFY2(result.status == QLatin1String("completed"), qPrintable(result.message));
        for (int f = 1; f < 12; f += 3) {
            const QString rel = QString("/projects/p1/f%1.bin").arg(f);
            QCOMPARE(read(out + sources[2] + rel), read(sources[2] + rel));
        }
        QVERIFY(!QFile::exists(out + sources[2] + "/projects/p0"));
        QVERIFY(!QFile::exists(out + sources[2] + "/notes.txt"));
        QVERIFY(!QFile::exists(out + sources[1]));

        // 5. Library: move a cartridge to the mail slot and mark it off-site.
        QVERIFY(w.showPage("library"));
        auto* lib = w.libraryPage();
        QTRY_VERIFY_WITH_TIMEOUT(!lib->snapshot().inventory.storage.empty(), 20000);
        QSignalSpy moved(lib, &tl::ui::LibraryPage::moveFinished);
        int exportedFrom = 0;
        for (const auto& e : lib->snapshot().inventory.storage)
            if (e.full && !e.barcode.empty()) {
                exportedFrom = e.number;
                break;
            }
        QVERIFY(exportedFrom > 0);
        QVERIFY(lib->exportCartridge(exportedFrom, 1));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 60000);
        QCOMPARE(moved.first().first().toString(), QString());
        const QString barcode = lib->lastExported();
        QVERIFY(!barcode.isEmpty());
        QSignalSpy marked(lib, &tl::ui::LibraryPage::offsiteMarked);
        lib->setAskSite([](const QString&) { return QStringLiteral("Iron Mountain"); });
        QVERIFY(lib->markExportedOffsite());
        QTRY_COMPARE_WITH_TIMEOUT(marked.count(), 1, 30000);
        QCOMPARE(marked.first().at(1).toString(), QString());
        QCOMPARE(count(catalog, "SELECT count(*) FROM volumes WHERE barcode='" +
                                    barcode.toStdString() +
                                    "' AND location='outside' AND site='Iron Mountain'"),
                 1LL);
        QVERIFY(w.board()->waitUntilIdle(30000));
        QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/label-blank"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/definitions"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/schedules"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/backups"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/restores"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/[^/]+/export"), 1);
        QCOMPARE(tltest::audited(home, "PATCH", "/v1/volumes/" + barcode), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
    }
};

QTEST_MAIN(TestConsoleScenario)
#include "test_console_scenario.moc"
