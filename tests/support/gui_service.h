#pragma once
// A console page shown beside the service of its data directory (docs/console.md "Beside the
// service"), as a user's console is: the test starts the real service (`tapeloom-cli service
// start`), then opens the console's read-only engine beside it, so that every change and every
// read the page makes goes through the service's typed door. The service is stopped when the
// ConsoleBesideService goes, also when the test fails half-way. Prepare the data directory
// through the CLI (run_cli, which reaches the same service), not through an engine of the test.
#include <QtGlobal>

#include <memory>

#include "../service/service_guard.h"
#include "bridge/console_context.h"
#include "cli_runner.h"
#include "context/engine.h"
#include "shell/console_engine.h"

namespace tltest {

struct ConsoleBesideService {
    std::unique_ptr<ServiceGuard> guard;
    std::unique_ptr<tl::Engine> engine; // read-only, beside the service; null when not open
    explicit operator bool() const { return engine != nullptr; }
};

// Starts the service of `home` (once it answers) and opens the console's engine beside it;
// an empty engine (with the reason in the test log) when either cannot be.
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
    tl::EngineOptions options;
    options.home = home.toStdString();
    auto engine = tl::ui::openConsoleEngine(options);
    if (!engine) {
        qWarning("console engine: %s", engine.error().message.c_str());
        return c;
    }
    if (!engine.value()->read_only()) {
        qWarning("console engine: not beside the service of %s", qPrintable(home));
        return c;
    }
    c.engine = std::move(engine.value());
    return c;
}

// What a page that takes a ConsoleContext is given beside the service of `home`: its typed door
// and the system clock.
inline tl::ui::ConsoleContext console_context(const QString& home) {
    static const tl::SystemClock clock;
    return {tl::ui::DoorAddress{home.toStdString(), {}}, &clock};
}

} // namespace tltest
