#pragma once
// Transitional (issue 38): the read-only engine that pages not yet moved to a ConsoleContext
// are given, opened once the data directory's service answers (openConsoleDoor). Goes with the
// last of them.
#include <memory>

#include "common/result.h"
#include "context/engine.h"
#include "shell/console_door.h"

namespace tl::ui {

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options,
                                                  const ConsoleAutostart& autostart = {});

} // namespace tl::ui
