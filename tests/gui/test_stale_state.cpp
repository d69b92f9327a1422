#include <QtTest>

#include <QComboBox>
#include <QDateTimeEdit>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>

#include <QJsonArray>
#include <QJsonObject>

#include "bridge/operator_requests.h"
#include "bridge/restore_runner.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "models/restore_tree_model.h"
#include "pages/media/media_page.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_source_picker.h"
#include "restore_reads.h"
#include "shell/main_window.h"
#include "shot.h"

// Issue #18, item 12: nothing the console shows outlives what it describes. The Restore page's
// point in time follows now until the user picks one; a plan and a result go when the
// selection changes, and a plan shown again is computed again (a cartridge that moved is where
// it is now); a refusal "A backup is running" goes when it has ended; an operator request to
// insert a volume goes once a library holds it; labeling by pattern never says "every blank
// cartridge". Each on a console beside the real service of a temporary data directory, which
// the test changes through the CLI.
class TestStaleState : public QObject {
    Q_OBJECT

    // A backup of `src` by `tapeloom-cli backup` through the service: its job id, 0 when it
    // did not complete.
    static qint64 backup(const QString& home, const QString& src) {
        const auto r =
            tltest::run_cli(tltest::with_home(home, {"backup", "--source", src, "--json"}));
        if (r.exit_code != 0) qWarning("backup: %s", r.err.constData());
        return r.exit_code == 0 ? r.json().object().value("job_id").toInteger() : 0;
    }

    static bool cli(const QString& home, const QStringList& args) {
        const auto r = tltest::run_cli(tltest::with_home(home, args));
        if (r.exit_code != 0) qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
        return r.exit_code == 0;
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
        const QString home = dir.filePath(QStringLiteral("home"));
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        QTest::qWait(1100); // the backup comes a second after the page opened
        QVERIFY(backup(home, src) > 0);
        auto* picker = page.picker();
        QSignalSpy refreshed(picker, &tl::ui::RestoreSourcePicker::refreshed);
        picker->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 1, tltest::kRestoreReadMs);
        QCOMPARE(refreshed.first().first().toString(), QString());
        picker->bySourceButton()->setChecked(true);
        picker->sourceBox()->setCurrentText(src);
        QVERIFY(picker->followsNow());
        auto* m = page.treeModel();
        QTest::mouseClick(picker->showButton(), Qt::LeftButton);
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->rowCount(), 1); // the backup made after the page opened

        // A time the user picks stays: an hour ago, nothing was backed up yet.
        picker->timeEdit()->setDateTime(QDateTime::currentDateTime().addSecs(-3600));
        QVERIFY(!picker->followsNow());
        QTest::mouseClick(picker->showButton(), Qt::LeftButton);
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->rowCount(), 0);
        picker->chooseSource(src); // "now" again
        QVERIFY(picker->followsNow());
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->rowCount(), 1);
    }

    void planFollowsTheSelectionAndTheLibrary() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src")),
                      home = dir.filePath(QStringLiteral("home"));
        QVERIFY(tltest::write_file(src + "/keep/k.txt", "k"));
        QVERIFY(tltest::write_file(src + "/other.txt", "o"));
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const qint64 job = backup(home, src);
        QVERIFY(job > 0);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        QVERIFY(page.picker()->chooseJob(job));
        auto* m = page.treeModel();
        QVERIFY(tltest::treeRead(m));
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
        // Unloaded if a drive holds it, then exported, by the CLI through the service.
        const auto status =
            tltest::run_cli(tltest::with_home(home, {"library", "status", "--json"}));
        QVERIFY2(status.exit_code == 0, status.err.constData());
        for (const auto& d : status.json().object().value("drives").toArray())
            if (d.toObject().value("volume").toString() == barcode)
                QVERIFY(cli(home, {"library", "unload", "--drive",
                                   QString::number(d.toObject().value("drive").toInt())}));
        QVERIFY(cli(home, {"library", "export", "--barcode", barcode, "--mail", "1"}));
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
        const QString home = dir.filePath(QStringLiteral("home"));
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const qint64 job = backup(home, src);
        QVERIFY(job > 0);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        auto* restore = w.restorePage();
        QVERIFY(w.showPage(QStringLiteral("restore")));
        QTRY_VERIFY_WITH_TIMEOUT(restore->picker()->jobCount() == 1, tltest::kRestoreReadMs);
        QVERIFY(restore->picker()->chooseJob(job));
        auto* m = restore->treeModel();
        QVERIFY(tltest::treeRead(m));
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
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::OperatorRequests requests(c.ctx); // reads through the typed door
        requests.setRestoreMissing({QStringLiteral("TLO005L9"), QStringLiteral("NOTHERE1")});
        QCOMPARE(requests.requests().size(), 2);
        requests.poll(); // TLO005L9 sits in a slot of vlib0: the request was answered
        QTRY_COMPARE(requests.requests().size(), 1);
        QCOMPARE(requests.requests().first().subject, QStringLiteral("NOTHERE1"));
    }

    void labelingByPatternDoesNotSayEvery() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.filePath(QStringLiteral("home")));
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        tl::ui::MediaPage page(c.ctx, gate);
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
        QVERIFY(gate.waitUntilIdle(60000) && gate.waitReadsDone(60000));
    }
};

QTEST_MAIN(TestStaleState)
#include "test_stale_state.moc"
