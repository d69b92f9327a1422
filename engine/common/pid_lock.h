#pragma once
// An exclusive, non-blocking flock on a file that records the holder's pid, so a second process
// gets an error naming the first. Closing (destruction) releases it; the pid text stays for
// forensics. The data directory's HomeLock and the service's ServiceLock are both one of these.
#include <functional>
#include <string>

#include "common/result.h"

namespace tl {

class PidLock {
public:
    // Creates `path` if needed and takes the lock without waiting. When another process holds
    // it: a Busy error whose message is `busy(holder's pid)`.
    static Result<PidLock> acquire(const std::string& path,
                                   const std::function<std::string(long pid)>& busy);
    // The pid recorded by the current holder of `path`, or 0 when nobody holds it.
    static long holder(const std::string& path);

    PidLock(PidLock&& other) noexcept;
    PidLock& operator=(PidLock&& other) noexcept;
    PidLock(const PidLock&) = delete;
    PidLock& operator=(const PidLock&) = delete;
    ~PidLock();

private:
    explicit PidLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

} // namespace tl
