// Fixture of the console_has_no_write_path check (never compiled): a console file that opens the
// data directory's Engine itself instead of going through the service's typed door.
#include "context/engine.h"

namespace tl::ui {

bool openItHere(const std::string& home) {
    EngineOptions options;
    options.home = home;
    return Engine::open(options).ok();
}

} // namespace tl::ui
