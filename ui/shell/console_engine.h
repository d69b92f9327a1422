#pragma once
// Opens the console's engine for a data directory: the engine itself when the directory is
// free, or — when the directory's service holds it — a read-only engine beside that service,
// whose MainWindow then follows the service and sends backups to it (docs/console.md "Beside
// the service"). Any other refusal (serve or another console holds it) is returned as is.
#include <memory>

#include "api/engine.h"
#include "common/result.h"

namespace tl::ui {

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options);

} // namespace tl::ui
