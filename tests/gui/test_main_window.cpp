#include <QtTest>

#include <QListWidget>
#include <qcustomplot.h>

#include "api/engine.h"
#include "common/log.h"
#include "models/log_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/log/log_filter_proxy.h"
#include "pages/log/log_page.h"
#include "shell/main_window.h"
#include "widgets/cpu_plot.h"
#include "widgets/time_series_plot.h"

// The console opened on a real engine: the Dashboard's CPU graph is fed by real /proc/stat
// samples, one line per CPU; engine log lines reach the Log page.
class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void dashboardGraphsEveryCpuWithRealSamples() {
        QTemporaryDir dir;
        auto engine = tl::Engine::open({dir.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
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
        auto engine = tl::Engine::open({dir.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
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
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
