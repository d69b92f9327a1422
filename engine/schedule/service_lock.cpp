#include "schedule/service_lock.h"

#include "common/home.h"

namespace tl::schedule {

namespace {
std::string lock_path(const std::string& home) {
    return home + "/service.lock";
}
} // namespace

Result<ServiceLock> ServiceLock::acquire(const std::string& home) {
    TL_TRY(ensure_private_directory(home));
    auto lock = PidLock::acquire(lock_path(home), [&home](long pid) {
        return "a Tapeloom service already runs on data directory " + home + " (process " +
               std::to_string(pid) + "); stop it first (systemctl stop tapeloom, or kill " +
               std::to_string(pid) + ")";
    });
    if (!lock) return lock.error();
    return ServiceLock(std::move(lock.value()));
}

long service_holder(const std::string& home) {
    return PidLock::holder(lock_path(home));
}

} // namespace tl::schedule
