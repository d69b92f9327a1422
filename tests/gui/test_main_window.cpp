#include <QtTest>

#include <QComboBox>
#include <QListWidget>
#include <QSpinBox>
#include <qcustomplot.h>

#include "audit_log.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "models/log_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/log/log_filter_proxy.h"
#include "pages/log/log_page.h"
#include "shell/main_window.h"
#include "widgets/cpu_plot.h"
#include "widgets/time_series_plot.h"

// The console beside the real service of its data directory: the Dashboard's CPU graph is fed by
// real /proc/stat samples of the service's machine, one line per CPU; engine log lines reach
// the Log page, the service's through its typed door.
class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void dashboardGraphsEveryCpuWithRealSamples() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path() + "/home");
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        QVERIFY(w.showPage("dashboard"));
        auto* plot = w.dashboardPage()->cpuPlot();
        const int cpus = QThread::idealThreadCount();
        QTRY_VERIFY_WITH_TIMEOUT(plot->pointCount(cpus - 1) >= 2, 6000);
        QCOMPARE(plot->cpuGraphCount(), cpus);
        for (int c = 0; c < cpus; ++c) {
            const auto data = plot->graph()->history().values(0, static_cast<std::size_t>(c));
            QVERIFY(data.size() >= 2);
            for (double v : data)
                QVERIFY(v >= 0.0 && v <= 100.0);
        }
        const auto times = plot->graph()->history().times(0);
        QVERIFY(times[1] > times[0]); // real, increasing timestamps
        QVERIFY(w.navigation()->count() >= 2);
    }

    void engineLogLineAppearsOnLogPage() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path() + "/home");
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        QVERIFY(w.showPage("log"));
        tl::log::get("device")->warn("drive vlib0-drive2 needs cleaning (test marker 4711)");
        auto* proxy = w.logPage()->proxy();
        auto findMarker = [proxy] {
            for (int r = 0; r < proxy->rowCount(); ++r)
                if (proxy->index(r, tl::ui::LogModel::Message).data().toString().contains("4711"))
                    return proxy->index(r, tl::ui::LogModel::Module).data().toString() == "device";
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(findMarker(), 3000);
        // The text filter hides lines that do not match, the level filter hides lower levels.
        w.logPage()->filterEdit()->setText("no-such-text-xyz");
        QCOMPARE(proxy->rowCount(), 0);
        w.logPage()->filterEdit()->setText("4711");
        QCOMPARE(proxy->rowCount(), 1);
        w.logPage()->levelCombo()->setCurrentIndex(3); // error and up
        QCOMPARE(proxy->rowCount(), 0);
    }

    // Issue 42, item 30: the Log page shows what the other programs on the data directory
    // logged (here a backup run by the CLI in its own process, as the service runs them), with
    // filters by module and job.
    void otherProcessesLinesWithModuleAndJobFilters() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QVERIFY(QDir().mkpath(dir.path() + "/src"));
        const auto r = tltest::run_cli({"--home", home, "backup", dir.path() + "/src"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        QVERIFY(w.showPage("log"));
        auto* page = w.logPage();
        auto* proxy = page->proxy();
        // The lines of the service's data directory come through its typed door (GET /v1/log,
        // issue 38), as on a console connected to a remote service.
        QTRY_VERIFY_WITH_TIMEOUT(page->model()->serviceLines() > 0, 10000);
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/log")) >= 1);
        const int all = proxy->rowCount();
        QVERIFY2(all > 0, "no line of the CLI's backup on the Log page");
        auto column = [proxy](int c) {
            QStringList out;
            for (int row = 0; row < proxy->rowCount(); ++row)
                out << proxy->index(row, c).data().toString();
            return out;
        };
        // The backup's own line, from another process.
        page->jobSpin()->setValue(1);
        QVERIFY2(proxy->rowCount() > 0, "no line names job 1");
        for (const auto& text : column(tl::ui::LogModel::Message))
            QVERIFY2(text.contains(QStringLiteral("job 1")), qPrintable(text));
        for (const auto& who : column(tl::ui::LogModel::Process))
            QVERIFY2(who.startsWith(QStringLiteral("pid ")), qPrintable(who));
        page->jobSpin()->setValue(2); // no such job
        QCOMPARE(proxy->rowCount(), 0);
        page->jobSpin()->setValue(0);
        QCOMPARE(proxy->rowCount(), all);
        // One module.
        auto* modules = page->moduleCombo();
        const int job = modules->findData(QStringLiteral("job"));
        QVERIFY2(job > 0, "the module list has no \"job\"");
        modules->setCurrentIndex(job);
        QVERIFY(proxy->rowCount() > 0 && proxy->rowCount() < all);
        for (const auto& module : column(tl::ui::LogModel::Module))
            QCOMPARE(module, QStringLiteral("job"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
