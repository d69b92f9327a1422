#include <QtTest>

#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <qcustomplot.h>

#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "pages/jobs/definition_table_model.h"
#include "pages/jobs/jobs_page.h"
#include "pages/restore/restore_page.h"
#include "pages/settings/settings_page.h"
#include "shell/main_window.h"
#include "widgets/empty_hint.h"
#include "widgets/time_series_plot.h"

using tltest::run_cli;

using tltest::with_home;

namespace {
// The page a console opens on for `home`, after a console on it closed on `closeOn` (if any).
int pageAfterRestart(const QString& home, const QString& closeOn = {}) {
    auto c = tltest::console_beside_service(home);
    if (!c) return -1;
    int shown = -1;
    {
        tl::ui::MainWindow w(c.ctx);
        w.show();
        shown = w.navigation()->currentRow();
        if (!closeOn.isEmpty()) w.showPage(closeOn);
        w.close();
    }
    return shown;
}
} // namespace

// Issue 18, item 18: what a new administrator meets first. The empty Jobs and Restore pages say
// what to do; the throughput graph shows no empty legend before a job; every button of Settings
// and Devices does something (Choose… says what the chosen folder holds; there is no Edit on
// Devices — see test_devices_page); the window layout is remembered per data directory.
// A console beside the real service of temporary data directories.
class TestFirstSteps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_first_steps"));
        QSettings().clear();
        tl::log::ring();
    }

    void emptyPagesSayWhatToDoFirst() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path());
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        {
            tl::ui::JobsPage jobs(c.ctx, gate);
            jobs.resize(1000, 700);
            jobs.show();
            QVERIFY(jobs.emptyHint());
            QTRY_VERIFY(jobs.emptyHint()->isVisible());
            QVERIFY(jobs.emptyHint()->text().contains(QStringLiteral("New…")));
        }
        {
            tl::ui::RestorePage restore(tltest::console_context(dir.path()));
            restore.resize(1000, 700);
            restore.show();
            QVERIFY(restore.emptyHint());
            QTRY_VERIFY(restore.emptyHint()->isVisible());
            QVERIFY(restore.emptyHint()->text().contains(QStringLiteral("Back up now")));
        }
        // With a definition (defined through the service), the hint goes.
        QVERIFY(QDir().mkpath(dir.path() + "/src"));
        auto r = run_cli({"--home", dir.path(), "job", "define", "nightly", dir.path() + "/src"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        tl::ui::JobsPage jobs(c.ctx, gate);
        jobs.show();
        QTRY_COMPARE(jobs.definitionsModel()->rowCount(), 1);
        QTRY_VERIFY(!jobs.emptyHint()->isVisible());
    }

    void throughputLegendOnlyWithSeries() {
        tl::ui::TimeSeriesPlot plot(QStringLiteral("MB/s"), 0, 1e6);
        plot.show();
        QVERIFY(!plot.plot()->legend->visible());
        plot.reset({"drive:a", "total"}, {QStringLiteral("a"), QStringLiteral("total")});
        QVERIFY(plot.plot()->legend->visible());
    }

    void settingsChooseSaysWhatTheFolderHolds() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path() + "/in-use");
        QVERIFY(c);
        // A data directory with a catalog, made by the CLI.
        QCOMPARE(run_cli(with_home(dir.path() + "/other", {"pool", "list"})).exit_code, 0);
        QVERIFY(QFile::exists(dir.path() + "/other/catalog.db"));
        tl::ui::TaskBoard gate;
        tl::ui::SettingsPage page(c.ctx, gate);
        QString answer = dir.path() + "/other";
        page.setFolderChooser([&answer](const QString&) { return answer; });
        QPushButton* choose = nullptr;
        for (auto* b : page.findChildren<QPushButton*>())
            if (b->accessibleName() ==
                QLatin1String("Choose the data directory for the next start"))
                choose = b;
        QVERIFY(choose);
        choose->click();
        QVERIFY2(page.nextDataDirectoryNote().contains(QStringLiteral("holds a Tapeloom catalog")),
                 qPrintable(page.nextDataDirectoryNote()));
        answer = dir.path() + "/fresh";
        choose->click();
        QVERIFY2(page.nextDataDirectoryNote().contains(QStringLiteral("no catalog")),
                 qPrintable(page.nextDataDirectoryNote()));
        QVERIFY(!QDir(dir.path() + "/fresh").exists()); // nothing made before the next start
    }

    void languageIsAVisibleSetting() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path());
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        tl::ui::SettingsPage page(c.ctx, gate);
        QVERIFY(page.language());
        QVERIFY(page.language()->count() >= 3);
        QVERIFY(page.setLanguage(QStringLiteral("de")));
        QCOMPARE(tl::ui::SettingsPage::startLanguage(), QStringLiteral("de"));
        QVERIFY(!page.setLanguage(QStringLiteral("xx")));
        QVERIFY(page.setLanguage(QString()));
        QCOMPARE(tl::ui::SettingsPage::startLanguage(), QLocale::system().name());
    }

    void windowLayoutIsRememberedPerDataDirectory() {
        QTemporaryDir a, b;
        QCOMPARE(pageAfterRestart(a.path(), QStringLiteral("media")), 0);
        QCOMPARE(pageAfterRestart(b.path(), QStringLiteral("devices")), 0); // not A's page
        const int media = pageAfterRestart(a.path());
        const int devices = pageAfterRestart(b.path());
        QVERIFY(media > 0 && devices > 0);
        QVERIFY(media != devices);
    }
};

QTEST_MAIN(TestFirstSteps)
#include "test_first_steps.moc"
