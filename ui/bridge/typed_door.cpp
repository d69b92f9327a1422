#include "bridge/typed_door.h"

#include "client/service_api.h"
#include "common/log.h"
#include "context/engine.h"

namespace tl::ui {

QString callService(const std::string& home, const std::string& what, const ApiCall& call) {
    client::ServiceClient c(home);
    client::ServiceApi api(c);
    auto st = call(api);
    if (st) return {};
    log::get("ui")->error("{} through the service: {}", what, st.error().message);
    return QString::fromStdString(st.error().message);
}

bool besideService(const Engine& engine) {
    return engine.read_only();
}

std::function<QString()> apiOrLocal(const Engine& engine, std::string what, ApiCall call,
                                    std::function<QString()> local) {
    if (!besideService(engine)) return local;
    return [home = engine.home(), what = std::move(what), call = std::move(call)] {
        return callService(home, what, call);
    };
}

} // namespace tl::ui
