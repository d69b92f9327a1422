#pragma once
// Opens the console's engine for a data directory (docs/console.md "Beside the service"): a
// read-only engine beside the directory's service, whose MainWindow then follows the service
// and sends every change there. When none runs the console starts one first (autostart, as the
// CLI does: `tapeloom-cli service start`, detached, its log in <home>/logs/). The console never
// opens the data directory writable: with autostart off (--no-autostart, $TAPELOOM_AUTOSTART=0)
// the answer is NotFound, when the service cannot start Io, each naming the data directory and
// the command that starts its service. Any other refusal is returned as is.
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
