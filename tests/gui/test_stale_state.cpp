#include <QtTest>

#include <QComboBox>
#include <QDateTimeEdit>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>

#include "bridge/operator_requests.h"
#include "bridge/restore_runner.h"
#include "bridge/task_board.h"
#include "common/clock.h"
#include "common/log.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "fixture_tree.h"
#include "job/backup_job.h"
#include "models/restore_tree_model.h"
#include "pages/media/media_page.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_source_picker.h"
#include "shell/main_window.h"
#include "shot.h"

// Issue #18, item 12: nothing the console shows outlives what it describes. The Restore page's
// point in time follows now until the user picks one; a plan and a result go when the
// selection changes, and a plan shown again is computed again (a cartridge that moved is where
// it is now); a refusal "A backup is running" goes when it has ended; an operator request to
// insert a volume goes once a library holds it; labeling by pattern never says "every blank
// cartridge". Each on a real engine in a temporary data directory.
class TestStaleState : public QObject {
    Q_OBJECT

    static std::unique_ptr<tl::Engine> openEngine(const QString& home) {
        auto engine = tl::Engine::open({home.toStdString(), nullptr, false});
        return engine ? std::move(engine.value()) : nullptr;
    }
    static qint64 backup(tl::Engine& engine, const QString& src) {
        tl::job::BackupOptions o;
        o.sources = {src.toStdString()};
        o.poll_interval = 0.05;
        auto r = tl::job::run_backup(engine, o);
        return r && r->status == "completed" ? r->job_id : 0;
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_stale_state"));
        QSettings().clear();
        tl::log::ring();
    }

    void restorePointInTimeFollowsNow() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src"));
        QVERIFY(tltest::write_file(src + "/a.txt", "a"));
        auto engine = openEngine(dir.filePath(QStringLiteral("home")));
        QVERIFY(engine);
        tl::ui::RestorePage page(*engine);
        page.show();
        QTest::qWait(1100); // the backup comes a second after the page opened
        QVERIFY(backup(*engine, src) > 0);
        auto* picker = page.picker();
        QVERIFY(picker->refresh());
        picker->bySourceButton()->setChecked(true);
        picker->sourceBox()->setCurrentText(src);
        QVERIFY(picker->followsNow());
        QTest::mouseClick(picker->showButton(), Qt::LeftButton);
        QCOMPARE(page.treeModel()->rowCount(), 1); // the backup made after the page opened

        // A time the user picks stays: an hour ago, nothing was backed up yet.
        picker->timeEdit()->setDateTime(QDateTime::currentDateTime().addSecs(-3600));
        QVERIFY(!picker->followsNow());
        QTest::mouseClick(picker->showButton(), Qt::LeftButton);
        QCOMPARE(page.treeModel()->rowCount(), 0);
        picker->chooseSource(src); // "now" again
        QVERIFY(picker->followsNow());
        QCOMPARE(page.treeModel()->rowCount(), 1);
    }

    void planFollowsTheSelectionAndTheLibrary() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src")),
                      home = dir.filePath(QStringLiteral("home"));
        QVERIFY(tltest::write_file(src + "/keep/k.txt", "k"));
        QVERIFY(tltest::write_file(src + "/other.txt", "o"));
        auto engine = openEngine(home);
        QVERIFY(engine);
        const qint64 job = backup(*engine, src);
        QVERIFY(job > 0);
        tl::ui::RestorePage page(*engine);
        page.show();
        QVERIFY(page.picker()->chooseJob(job));
        auto* m = page.treeModel();
        QVERIFY(m->setData(m->index(0, 0), Qt::Checked, Qt::CheckStateRole));
        QSignalSpy planned(page.runner(), &tl::ui::RestoreRunner::planned);
        QVERIFY(page.plan());
        QTRY_VERIFY_WITH_TIMEOUT(planned.count() == 1, 30000);
        const auto plan = planned.first().first().value<tl::ui::RestorePlanSummary>();
        QVERIFY(plan.ok);
        QCOMPARE(plan.volumes.size(), 1);
        const QString barcode = plan.volumes.first().barcode;
        const QString before = plan.volumes.first().location;
        QVERIFY(page.reportView()->planText().contains(before));

        // The cartridge goes to the mail slot while the page is hidden.
        page.hide();
        {
            tl::SystemClock clock;
            auto lib =
                tl::device::open_library(engine_catalog(*engine), home.toStdString(), "", clock);
            QVERIFY(lib.ok());
            auto& changer = lib.value()->changer();
            auto inv = changer.inventory();
            QVERIFY(inv.ok());
            const int mail = static_cast<int>(inv->storage.size()) + 1;
            bool moved = false;
            for (const auto& d : inv->drives)
                if (d.full && QString::fromStdString(d.barcode) == barcode)
                    QVERIFY(lib.value()->unmount(static_cast<std::size_t>(d.number)).ok());
            inv = changer.inventory();
            QVERIFY(inv.ok());
            for (const auto& s : inv->storage)
                if (s.full && QString::fromStdString(s.barcode) == barcode)
                    moved = changer.transfer(s.number, mail).ok();
            QVERIFY(moved);
        }
        page.show(); // the plan shown is computed again
        QTRY_VERIFY_WITH_TIMEOUT(planned.count() == 2, 30000);
        QTRY_VERIFY(page.reportView()->planText().contains(QStringLiteral("mail slot")));
        QVERIFY2(!page.reportView()->planText().contains(before),
                 qPrintable(page.reportView()->planText()));
        page.resize(1200, 800);
        QVERIFY(tltest::shot(&page, QStringLiteral("restore_replanned")));

        // Another selection: the plan was for the old one and goes.
        QVERIFY(m->setData(m->index(0, 0), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!page.reportView()->hasPlan());
        QVERIFY(!page.reportView()->planText().contains(barcode));
    }

    void busyRefusalGoesWhenTheJobHasEnded() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src"));
        QVERIFY(tltest::write_file(src + "/a.txt", "a"));
        auto engine = openEngine(dir.filePath(QStringLiteral("home")));
        QVERIFY(engine);
        const qint64 job = backup(*engine, src);
        QVERIFY(job > 0);
        tl::ui::MainWindow w(*engine);
        w.show();
        auto* restore = w.restorePage();
        QVERIFY(w.showPage(QStringLiteral("restore")));
        QVERIFY(restore->picker()->chooseJob(job));
        auto* m = restore->treeModel();
        QVERIFY(m->setData(m->index(0, 0), Qt::Checked, Qt::CheckStateRole));
        auto* media = w.mediaPage();
        media->setConfirm([](const QString&) { return true; });

        // A plan is a read: it never waits for a running job.
        const qint64 running = w.board()->begin(QStringLiteral("Backup nightly"));
        QVERIFY(running);
        QSignalSpy planned(restore->runner(), &tl::ui::RestoreRunner::planned);
        QVERIFY(restore->plan());
        QTRY_COMPARE_WITH_TIMEOUT(planned.count(), 1, 30000);
        QVERIFY(planned.first().first().value<tl::ui::RestorePlanSummary>().ok);
        w.board()->end(running);

        // A cartridge move runs alone: a restore and a labeling are refused, naming it.
        const QString moving = QStringLiteral("Library move of TLO001L9");
        const qint64 move = w.board()->begin(moving, tl::ui::TaskKind::Exclusive);
        QVERIFY(move);
        QVERIFY(!restore->start());
        QVERIFY(restore->reportView()->statusText().contains(moving));
        QVERIFY(!media->labelAllBlank(QStringLiteral("Default")));
        QVERIFY(media->statusLabel()->text().contains(moving));
        w.board()->end(move);
        QTRY_VERIFY(!restore->reportView()->statusText().contains(moving));
        QTRY_VERIFY(!media->statusLabel()->text().contains(moving));
    }

    void insertRequestGoesOnceALibraryHoldsTheVolume() {
        QTemporaryDir dir;
        const QString home = dir.filePath(QStringLiteral("home"));
        auto engine = openEngine(home);
        QVERIFY(engine);
        auto status = engine->status();
        QVERIFY(status.ok());
        tl::ui::OperatorRequests requests(home, QString::fromStdString(status->catalog_path));
        requests.setRestoreMissing({QStringLiteral("TLO005L9"), QStringLiteral("NOTHERE1")});
        QCOMPARE(requests.requests().size(), 2);
        requests.poll(); // TLO005L9 sits in a slot of vlib0: the request was answered
        QTRY_COMPARE(requests.requests().size(), 1);
        QCOMPARE(requests.requests().first().subject, QStringLiteral("NOTHERE1"));
    }

    void labelingByPatternDoesNotSayEvery() {
        QTemporaryDir dir;
        auto engine = openEngine(dir.filePath(QStringLiteral("home")));
        QVERIFY(engine);
        tl::ui::TaskBoard gate;
        tl::ui::MediaPage page(*engine, gate);
        page.setConfirm([](const QString&) { return true; });
        page.show();
        QSignalSpy done(&page, &tl::ui::MediaPage::taskFinished);
        QVERIFY(page.labelAllBlank(QStringLiteral("Default"), QStringLiteral("TLO00[12]*")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QVERIFY(done.first().first().toString().isEmpty());
        const QString text = page.statusLabel()->text();
        QVERIFY2(!text.contains(QStringLiteral("Every")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("TLO00[12]*")), qPrintable(text));
        QVERIFY2(text.startsWith(QStringLiteral("2 ")), qPrintable(text));
        page.resize(1200, 800);
        QVERIFY(tltest::shot(&page, QStringLiteral("media_label_pattern")));
    }
};

QTEST_MAIN(TestStaleState)
#include "test_stale_state.moc"
