#include "bridge/typed_door.h"

#include <QUrl>

#include "common/log.h"

namespace tl::ui {

QString remoteHost(const DoorAddress& door) {
    if (!door.isRemote()) return {};
    return QUrl(QString::fromStdString(door.remote.url)).host();
}

client::ServiceClient openClient(const DoorAddress& door) {
    if (door.isRemote()) return client::ServiceClient(door.remote);
    return client::ServiceClient(door.home);
}

QString callService(const DoorAddress& door, const std::string& what, const ApiCall& call) {
    auto c = openClient(door);
    client::ServiceApi api(c);
    auto st = call(api);
    if (st) return {};
    log::get("ui")->error("{} through the service: {}", what, st.error().message);
    return QString::fromStdString(st.error().message);
}

QString callService(const std::string& home, const std::string& what, const ApiCall& call) {
    return callService(DoorAddress{home, {}}, what, call);
}

Error doorReadFailed(const DoorAddress& door, const std::string& what, const Error& e) {
    if (door.failures->failedAnew(what, e.message))
        log::get("ui")->error("{} through the service: {}", what, e.message);
    else
        log::get("ui")->debug("{} through the service still fails: {}", what, e.message);
    return e;
}

void doorReadSucceeded(const DoorAddress& door, const std::string& what) {
    if (door.failures->succeeded(what))
        log::get("ui")->info("{} through the service works again", what);
}

std::function<QString()> throughService(DoorAddress door, std::string what, ApiCall call) {
    return [door = std::move(door), what = std::move(what), call = std::move(call)] {
        return callService(door, what, call);
    };
}

} // namespace tl::ui
