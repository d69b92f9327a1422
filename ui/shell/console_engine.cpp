#include "shell/console_engine.h"

namespace tl::ui {

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options,
                                                  const ConsoleAutostart& autostart) {
    if (auto door = openConsoleDoor(DoorAddress{options.home, {}}, autostart); !door)
        return door.error();
    options.read_only = true; // every change goes through the service's typed door
    return Engine::open(options);
}

} // namespace tl::ui
