#pragma once
// Opens the console's engine for a data directory (docs/console.md "Beside the service"): when
// the directory's service runs, a read-only engine beside it, whose MainWindow then follows the
// service and sends its changes there. When none runs the console starts one first (autostart,
// as the CLI does: `tapeloom-cli service start`, detached, its log in <home>/logs/), so the
// console and the scheduled jobs never block each other; with autostart off (--no-autostart,
// $TAPELOOM_AUTOSTART=0) or when the service cannot start, it opens the engine itself. Any
// other refusal (serve or another console holds it) is returned as is.
#include <QString>
#include <memory>

#include "common/result.h"
#include "context/engine.h"

namespace tl::ui {

struct ConsoleAutostart {
    bool enabled = false;
    QString cli; // the tapeloom-cli that starts the service
};

// `enabled` unless `noAutostartFlag` or $TAPELOOM_AUTOSTART=0; the tapeloom-cli next to this
// program.
ConsoleAutostart consoleAutostart(bool noAutostartFlag);

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options,
                                                  const ConsoleAutostart& autostart = {});

} // namespace tl::ui
