#include <QtTest>

#include <QTemporaryDir>

#include "bridge/typed_door.h"
#include "cli_runner.h"
#include "common/log.h"

using tltest::run_cli;
using tltest::with_home;

// A console whose service went away polls on (the Dashboard every second, the pages on their
// timers): each failing read is logged once while it keeps failing with the same error, not once
// per poll, and its return is logged; a new failure after that is logged again (docs/console.md
// "Errors").
class TestDoorReadFailures : public QObject {
    Q_OBJECT

    static int errorsAbout(std::uint64_t since, const std::string& what, int level) {
        int n = 0;
        for (const auto& e : tl::log::ring()->since(since))
            if (e.level == level && e.module == "ui" && e.text.rfind(what, 0) == 0) ++n;
        return n;
    }

    static bool readPools(const tl::ui::DoorAddress& door) {
        return bool(tl::ui::readService<std::vector<tl::client::Pool>>(
            door, "pool list", [](tl::client::Api& api) { return api.pools(); }));
    }

private Q_SLOTS:
    void aFailingPollIsLoggedOnceUntilItReadsAgain() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        const tl::ui::DoorAddress door{home.toStdString(), {}};
        const auto copy = door; // a page's copy shares what failed
        QVERIFY(readPools(door));
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);

        const auto start = tl::log::ring()->last_seq();
        for (int poll = 0; poll < 5; ++poll)
            QVERIFY(!readPools(poll % 2 ? copy : door));
        QCOMPARE(errorsAbout(start, "pool list through the service", spdlog::level::err), 1);

        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        QVERIFY(readPools(copy));
        QCOMPARE(
            errorsAbout(start, "pool list through the service works again", spdlog::level::info),
            1);
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QVERIFY(!readPools(door));
        QCOMPARE(errorsAbout(start, "pool list through the service", spdlog::level::err), 2);

        const tl::ui::DoorAddress another{home.toStdString(), {}}; // another console
        QVERIFY(!readPools(another));
        QCOMPARE(errorsAbout(start, "pool list through the service", spdlog::level::err), 3);
    }
};

QTEST_GUILESS_MAIN(TestDoorReadFailures)
#include "test_door_read_failures.moc"
