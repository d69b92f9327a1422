#include <QSignalSpy>
#include <QtTest>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "context/engine.h"
#include "gui_service.h"
#include "pages/devices/device_spec.h"
#include "pages/devices/devices_page.h"
#include "pages/devices/drive_table_model.h"
#include "pages/devices/library_table_model.h"

using tltest::run_cli;
using tltest::with_home;

// The Devices page of a console beside the service (docs/console.md "Beside the service"): a
// drive or a library added or removed goes through the service's typed door (POST /v1/drives,
// DELETE /v1/drives/{name}, POST /v1/libraries, DELETE /v1/libraries/{name}: the audit log names
// each route), never as a CLI command line, and the service's refusal reaches the page.
class TestConsoleDeviceActions : public QObject {
    Q_OBJECT

    static tl::ui::DeviceSpec spec(tl::ui::DeviceSpec::Kind kind, const QString& name) {
        tl::ui::DeviceSpec s;
        s.kind = kind;
        s.name = name;
        s.capacity = 64ull << 20;
        s.drives = 1;
        s.storageSlots = 3;
        s.mailSlots = 1;
        return s;
    }

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest")); }

    void devicesChangeThroughTheTypedDoor() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard board;
        tl::ui::DevicesPage page(c.ctx, board);
        page.setConfirm([](const QString&) { return true; });
        QSignalSpy done(&page, &tl::ui::DevicesPage::actionFinished);
        // Not shown: the page reads the devices when asked and after each action, not on its
        // timer. A read asked for while one runs is not made: ask until the answer is there.
        const auto shows = [&page](bool drive, bool library) {
            page.refresh();
            return (page.drivesModel()->rowOf(QStringLiteral("vd7")) >= 0) == drive &&
                   (page.librariesModel()->rowOf(QStringLiteral("lib7")) >= 0) == library;
        };
        const auto settled = [&board] {
            const bool idle = board.waitReadsDone(60000);
            QCoreApplication::processEvents(); // the last read's answer reaches the page
            return idle;
        };

        using Kind = tl::ui::DeviceSpec::Kind;
        QVERIFY(page.addDevice(spec(Kind::VirtualDrive, QStringLiteral("vd7"))));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QCOMPARE(done.at(0).at(0).toString(), QString());
        QVERIFY(page.addDevice(spec(Kind::VirtualLibrary, QStringLiteral("lib7"))));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
        QCOMPARE(done.at(1).at(0).toString(), QString());
        // The service has both, as the page shows once it read them.
        QTRY_VERIFY_WITH_TIMEOUT(shows(true, true), 30000);
        QVERIFY(settled());
        QVERIFY(page.drivesModel()->rowOf(QStringLiteral("vd7")) >= 0);
        QCOMPARE(tltest::audited(home, "POST", "/v1/drives"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries"), 1);

        // Removing a drive that is gone meanwhile is the service's refusal, naming it.
        QCOMPARE(run_cli(with_home(home, {"drive", "remove", "vd7"})).exit_code, 0);
        QVERIFY(page.removeDrive(QStringLiteral("vd7")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 60000);
        const QString refusal = done.at(2).at(0).toString();
        QVERIFY2(refusal.contains(QStringLiteral("vd7")), qPrintable(refusal));
        QVERIFY(page.status().contains(QStringLiteral("vd7")));
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/drives/vd7", true), 1);

        QVERIFY(page.removeLibrary(QStringLiteral("lib7")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 4, 60000);
        QCOMPARE(done.at(3).at(0).toString(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(shows(false, false), 30000);
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/libraries/lib7"), 1);
        // The CLI's `drive remove` went the same way; nothing through the tunnel.
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/drives/vd7"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }
};

QTEST_MAIN(TestConsoleDeviceActions)
#include "test_console_device_actions.moc"
