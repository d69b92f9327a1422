#include "common/pid_lock.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace tl {

namespace {
long read_pid(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    return n <= 0 ? 0 : std::strtol(buf, nullptr, 10);
}
} // namespace

Result<PidLock> PidLock::acquire(const std::string& path,
                                 const std::function<std::string(long pid)>& busy) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open lock file " + path + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const long pid = read_pid(fd);
        ::close(fd);
        return make_error(ErrorKind::Busy, busy(pid));
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        ::close(fd);
        return make_error(ErrorKind::Io,
                          "cannot write lock file " + path + ": " + std::strerror(errno));
    }
    return PidLock(fd);
}

long PidLock::holder(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    long pid = 0;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0)
        pid = read_pid(fd);
    else
        ::flock(fd, LOCK_UN);
    ::close(fd);
    return pid;
}

PidLock::PidLock(PidLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

PidLock& PidLock::operator=(PidLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

PidLock::~PidLock() {
    if (fd_ >= 0) ::close(fd_);
}

} // namespace tl
