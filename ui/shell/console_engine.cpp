#include "shell/console_engine.h"

#include "client/service_client.h"

namespace tl::ui {

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options) {
    auto engine = Engine::open(options);
    if (engine || engine.error().kind != ErrorKind::Busy) return engine;
    if (!client::ServiceClient(options.home).service()) return engine;
    options.read_only = true;
    return Engine::open(options);
}

} // namespace tl::ui
