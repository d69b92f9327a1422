#include <QtTest>

#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTableView>

#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "gui_service.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/library/library_page.h"
#include "pages/library/library_view.h"
#include "pages/reports/job_reports_view.h"
#include "pages/reports/reports_page.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "shell/main_window.h"
#include "widgets/message_line.h"

using tltest::run_cli;

namespace {
// Where `w` is inside `top`, after the pending layouts ran.
QRect placeIn(QWidget* w, QWidget* top) {
    QCoreApplication::processEvents();
    return QRect(w->mapTo(top, QPoint(0, 0)), w->size());
}

QPushButton* button(QWidget* in, const QString& accessibleName) {
    for (auto* b : in->findChildren<QPushButton*>())
        if (b->accessibleName() == accessibleName) return b;
    return nullptr;
}

QString longText(const QString& word, int n) {
    QStringList l;
    for (int i = 0; i < n; ++i)
        l << word + QString::number(i);
    return l.join(QLatin1Char(' '));
}
} // namespace

// Issue 18, item 14: what the mouse is about to click does not move when a message appears,
// grows or clears — on the Restore page (a plan of one volume or of thirty), in the schedule
// editor (a parse error, then five runs), in the job dialog (errors that clear) and in the
// Library header ("Mark … off-site…" after an export). A console beside the real service of a
// temporary data directory; the geometry of the widgets is compared before and after.
class TestStableLayouts : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;
    tltest::ConsoleBesideService c_;

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        QVERIFY(QDir().mkpath(dir_.path() + "/src"));
        c_ = tltest::console_beside_service(home_);
        QVERIFY(c_);
        auto r = run_cli({"--home", home_, "job", "define", "nightly", dir_.path() + "/src"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
    }

    void cleanupTestCase() { c_ = {}; }

    void restoreButtonsStayWhereTheyAre() {
        tl::ui::RestorePage page(tltest::console_context(home_));
        page.resize(1200, 860);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* start = button(&page, QStringLiteral("Start the restore"));
        auto* plan = button(&page, QStringLiteral("Compute the restore plan"));
        QVERIFY(start && plan);
        const QRect startAt = placeIn(start, &page), planAt = placeIn(plan, &page);

        tl::ui::RestorePlanSummary small;
        small.ok = true;
        small.files = 1;
        small.volumes.push_back({QStringLiteral("TLO001L9"), QStringLiteral("slot 1"), true, 3});
        page.reportView()->showPlan(small);
        QCOMPARE(placeIn(start, &page), startAt);

        tl::ui::RestorePlanSummary big = small;
        for (int i = 2; i < 32; ++i) {
            const QString bc = QStringLiteral("TLO%1L9").arg(i, 3, 10, QLatin1Char('0'));
            big.volumes.push_back({bc, QStringLiteral("outside at Vault A"), false, 40});
            big.missing << bc;
        }
        page.reportView()->showPlan(big);
        page.reportView()->setStatus(longText(QStringLiteral("problem"), 80));
        QCOMPARE(placeIn(start, &page), startAt);
        QCOMPARE(placeIn(plan, &page), planAt);
        // The whole plan is still there to read.
        QVERIFY(page.reportView()->planText().contains(QStringLiteral("TLO031L9")));
        page.reportView()->setStatus(QString());
        QCOMPARE(placeIn(start, &page), startAt);
    }

    void scheduleRuleFieldStaysWhereItIs() {
        tl::ui::TaskBoard gate;
        tl::ui::SchedulePanel panel(c_.ctx, gate);
        panel.setDefinitions({QStringLiteral("nightly")});
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QRect ruleAt = placeIn(panel.ruleField(), &panel);
        const QRect tableAt = placeIn(panel.table(), &panel);

        panel.ruleField()->setText(QStringLiteral("incr mon-sat at 25:00")); // an error
        QVERIFY(!panel.ruleError()->message().isEmpty());
        QCOMPARE(placeIn(panel.ruleField(), &panel), ruleAt);
        QCOMPARE(placeIn(panel.table(), &panel), tableAt);

        panel.ruleField()->setText(
            QStringLiteral("full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05"));
        QVERIFY(panel.ruleError()->message().isEmpty());
        QCOMPARE(panel.previewRuns().size(), 5);
        QCOMPARE(placeIn(panel.ruleField(), &panel), ruleAt);
        QCOMPARE(placeIn(panel.table(), &panel), tableAt);

        panel.ruleField()->clear();
        QCOMPARE(placeIn(panel.ruleField(), &panel), ruleAt);
    }

    void jobDialogKeepsItsShapeWhenErrorsClear() {
        // The service's pools and libraries, as the Jobs page reads them for the dialog.
        const auto choices = tl::ui::readDefinitionChoices(c_.ctx.door);
        QVERIFY2(choices, choices ? "" : choices.error().message.c_str());
        auto start = tl::ui::DefinitionDialog::defaults(choices->pools);
        tl::ui::DefinitionDialog dlg(start, {QStringLiteral("nightly")}, false);
        dlg.setChoices(choices);
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        dlg.nameField()->setText(QStringLiteral("nightly")); // taken
        dlg.sourcesField()->setPlainText(dir_.path() + "/no-such-folder");
        QVERIFY(!dlg.okButton()->isEnabled());
        const QSize size = dlg.size();
        const QRect okAt = placeIn(dlg.okButton(), &dlg);
        const QRect poolAt = placeIn(dlg.poolField(), &dlg);

        dlg.nameField()->setText(QStringLiteral("weekly"));
        dlg.sourcesField()->setPlainText(dir_.path() + "/src");
        QVERIFY2(dlg.okButton()->isEnabled(), qPrintable(dlg.reason()));
        QCOMPARE(dlg.size(), size);
        QCOMPARE(placeIn(dlg.okButton(), &dlg), okAt);
        QCOMPARE(placeIn(dlg.poolField(), &dlg), poolAt);
    }

    void libraryHeaderStaysWhenMarkOffsiteAppears() {
        int slot = 0; // the first full slot, by the changer's inventory
        const auto inv = run_cli({"--home", home_, "library", "inventory", "--json"});
        for (const auto& v : inv.json().object().value("slots").toArray())
            if (!slot && !v.toObject().value("barcode").toString().isEmpty())
                slot = v.toObject().value("slot").toInt();
        QVERIFY2(slot > 0, inv.out.constData());
        tl::ui::TaskBoard gate;
        tl::ui::LibraryPage page(c_.ctx, gate);
        QSignalSpy refreshed(&page, &tl::ui::LibraryPage::refreshed);
        QSignalSpy moved(&page, &tl::ui::LibraryPage::moveFinished);
        page.resize(1200, 860);
        page.show();
        QTRY_VERIFY(refreshed.count() >= 1);
        auto* offsite = button(&page, QStringLiteral("Mark the exported cartridge off-site"));
        QVERIFY(offsite);
        QVERIFY(offsite->isHidden());
        QWidget* drawing = page.view();
        const QRect drawingAt = placeIn(drawing, &page);

        QVERIFY(page.exportCartridge(slot, 1)); // to the first mail slot
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 30000);
        QCOMPARE(moved.first().first().toString(), QString());
        QVERIFY(!offsite->isHidden());
        // The drawing starts where it did (its size follows what the changer holds).
        QCOMPARE(placeIn(drawing, &page).topLeft(), drawingAt.topLeft());
    }

    // Issue 42, item 32: in the window at its default size the Library page gives the drawing
    // the room it needs (at most 3/4), and the empty differences table the rest.
    void libraryDrawingGetsTheRoomAtTheDefaultSize() {
        QSettings().clear(); // the default window size, no splitter moved
        tl::ui::MainWindow w(c_.ctx);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* page = w.libraryPage();
        QSignalSpy refreshed(page, &tl::ui::LibraryPage::refreshed);
        QVERIFY(w.showPage(QStringLiteral("library")));
        QTRY_VERIFY(refreshed.count() >= 1);
        QCoreApplication::processEvents();
        auto* view = page->view();
        auto* scroll = qobject_cast<QScrollArea*>(view->parentWidget()->parentWidget());
        QVERIFY(scroll);
        auto* table = page->differencesTable();
        const int drawing = scroll->height();
        const int room = drawing + table->height();
        const int want = std::min(view->sizeHint().height(), room * 3 / 4);
        QVERIFY2(drawing >= want,
                 qPrintable(QStringLiteral("drawing %1 px of %2 wanted (table %3 px)")
                                .arg(drawing)
                                .arg(want)
                                .arg(table->height())));
        QVERIFY2(drawing > table->height(), qPrintable(QString::number(drawing)));
    }

    // Issue 42, item 32: every icon of the sidebar is drawn at the same size.
    void sidebarIconsAreEven() {
        tl::ui::MainWindow w(c_.ctx);
        auto* nav = w.navigation();
        QVERIFY(nav->count() >= 9);
        for (int i = 0; i < nav->count(); ++i)
            QCOMPARE(nav->item(i)->icon().actualSize(nav->iconSize()), nav->iconSize());
    }

    // Issue 42, item 32: a Reports page with no job offers no export; a job shown does.
    void reportsExportOnlyWhatIsShown() {
        QTemporaryDir dir;
        const QString used = dir.path() + "/used";
        QVERIFY(QDir().mkpath(dir.path() + "/src"));
        for (const QString& home : {dir.path() + "/empty", used}) {
            auto c = tltest::console_beside_service(home);
            QVERIFY(c);
            if (home == used) {
                const auto r = run_cli({"--home", used, "backup", dir.path() + "/src"});
                QVERIFY2(r.exit_code == 0, r.err.constData());
            }
            tl::ui::MainWindow w(c.ctx);
            w.show();
            QVERIFY(w.showPage(QStringLiteral("reports")));
            auto* jobs = w.reportsPage()->jobs();
            QSignalSpy history(jobs, &tl::ui::JobReportsView::historyShown);
            jobs->refresh();
            QVERIFY(history.wait(30000)); // read from the service
            QList<QPushButton*> exports;
            for (auto* b : jobs->findChildren<QPushButton*>())
                if (b->text().startsWith(QStringLiteral("Export"))) exports << b;
            QCOMPARE(exports.size(), 3);
            const bool shown = jobs->currentJob() > 0;
            QCOMPARE(shown, home == used);
            // A job's exports are enabled once its report, read from the service, is shown.
            for (auto* b : exports)
                QTRY_VERIFY2_WITH_TIMEOUT(b->isEnabled() == shown,
                                          qPrintable(home + ": " + b->text()), 30000);
        }
    }
};

QTEST_MAIN(TestStableLayouts)
#include "test_stable_layouts.moc"
