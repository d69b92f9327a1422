#include "schedule/service_lock.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "common/home.h"

namespace tl::schedule {

namespace {
std::string lock_path(const std::string& home) {
    return home + "/service.lock";
}

long read_pid(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    return n <= 0 ? 0 : std::strtol(buf, nullptr, 10);
}
} // namespace

Result<ServiceLock> ServiceLock::acquire(const std::string& home) {
    TL_TRY(ensure_directory(home));
    const std::string path = lock_path(home);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open lock file " + path + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const long pid = read_pid(fd);
        ::close(fd);
        return make_error(ErrorKind::Busy, "a Tapeloom service already runs on data directory " +
                                               home + " (process " + std::to_string(pid) +
                                               "); stop it first (systemctl stop tapeloom, "
                                               "or kill " +
                                               std::to_string(pid) + ")");
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        ::close(fd);
        return make_error(ErrorKind::Io,
                          "cannot write lock file " + path + ": " + std::strerror(errno));
    }
    return ServiceLock(fd);
}

ServiceLock::ServiceLock(ServiceLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

ServiceLock& ServiceLock::operator=(ServiceLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

ServiceLock::~ServiceLock() {
    if (fd_ >= 0) ::close(fd_);
}

long service_holder(const std::string& home) {
    const int fd = ::open(lock_path(home).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    long pid = 0;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0)
        pid = read_pid(fd);
    else
        ::flock(fd, LOCK_UN);
    ::close(fd);
    return pid;
}

} // namespace tl::schedule
