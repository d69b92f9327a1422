#pragma once
// A console page shown beside the service of its data directory (docs/console.md "Beside the
// service"), as a user's console is: the test starts the real service (`tapeloom-cli service
// start`) and gives the page a ConsoleContext on it, so that every change and every read the
// page makes goes through the service's typed door. The service is stopped when the
// ConsoleBesideService goes, also when the test fails half-way. Prepare the data directory
// through the CLI (run_cli, which reaches the same service), not through an engine of the test.
#include <QtGlobal>

#include <memory>

#include "../service/service_guard.h"
#include "bridge/console_context.h"
#include "cli_runner.h"
#include "common/clock.h"
#include "shell/console_door.h"

namespace tltest {

// What a page that takes a ConsoleContext is given beside the service of `home`: its typed door
// and the system clock.
inline tl::ui::ConsoleContext console_context(const QString& home) {
    static const tl::SystemClock clock;
    return {tl::ui::DoorAddress{home.toStdString(), {}}, &clock};
}

struct ConsoleBesideService {
    std::unique_ptr<ServiceGuard> guard;
    // What a page is given: the service's typed door and the real clock.
    tl::ui::ConsoleContext ctx;
    bool open = false; // the service answers the console's door
    explicit operator bool() const { return open; }
};

// Starts the service of `home` and opens the console's door on it once it answers; an
// unopened one (with the reason in the test log) when either cannot be.
inline ConsoleBesideService console_beside_service(const QString& home) {
    ConsoleBesideService c;
    // At debug level the service logs every GET it answers (audit_log.h's queried(home, route)).
    const auto started = run_cli(with_home(home, {"--log-level", "debug", "service", "start"}));
    if (started.exit_code != 0) {
        qWarning("service start: %s", started.err.constData());
        return c;
    }
    // Made in place: a temporary ServiceGuard would stop the service as it goes.
    c.guard.reset(new ServiceGuard{home});
    auto door = tl::ui::openConsoleDoor(tl::ui::DoorAddress{home.toStdString(), {}});
    if (!door) {
        qWarning("console door: %s", door.error().message.c_str());
        return c;
    }
    c.ctx = console_context(home);
    c.open = true;
    return c;
}

} // namespace tltest
