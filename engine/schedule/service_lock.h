#pragma once
// The scheduler service's claim on a data directory: an flock on <home>/service.lock held for
// the life of `tapeloom-cli serve`, with the holder's pid as its text. It is separate from the
// engine's HomeLock (common/home.h), which the service takes only while jobs run, so the CLI
// and the console can still use the data directory between jobs. The console runs its own
// scheduler only when service_holder() is 0.
#include <string>

#include "common/pid_lock.h"
#include "common/result.h"

namespace tl::schedule {

class ServiceLock {
public:
    // Takes the lock without waiting; Busy names the pid of the service that holds it.
    static Result<ServiceLock> acquire(const std::string& home);

private:
    explicit ServiceLock(PidLock lock) : lock_(std::move(lock)) {}
    PidLock lock_;
};

// The pid of the service holding `home`, or 0 when no service runs there.
long service_holder(const std::string& home);

} // namespace tl::schedule
