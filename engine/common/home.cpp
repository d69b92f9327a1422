#include "common/home.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace tl {

std::string resolve_home(const std::string& explicit_dir) {
    if (!explicit_dir.empty()) return explicit_dir;
    if (const char* h = std::getenv("TAPELOOM_HOME"); h && *h) return h;
    if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::string(x) + "/tapeloom";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : "/tmp") + "/.local/share/tapeloom";
}

Status ensure_directory(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_directory(path, ec))
        return make_error(ErrorKind::InvalidArgument,
                          path + " exists but is not a directory; choose another --home");
    std::filesystem::create_directories(path, ec);
    if (ec)
        return make_error(ErrorKind::Io, "cannot create directory " + path + ": " + ec.message());
    if (!std::filesystem::is_directory(path, ec))
        return make_error(ErrorKind::InvalidArgument,
                          path + " exists but is not a directory; choose another --home");
    return {};
}

namespace {
std::string lock_path(const std::string& home) {
    return home + "/tapeloom.lock";
}

long read_pid(int fd) {
    char buf[32] = {};
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return 0;
    return std::strtol(buf, nullptr, 10);
}
} // namespace

Result<HomeLock> HomeLock::acquire(const std::string& home) {
    TL_TRY(ensure_directory(home));
    const std::string path = lock_path(home);
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open lock file " + path + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        long pid = read_pid(fd);
        ::close(fd);
        return make_error(ErrorKind::Busy, "data directory " + home + " is in use by process " +
                                               std::to_string(pid) +
                                               "; stop that process or use another --home");
    }
    std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
        ::close(fd);
        return make_error(ErrorKind::Io,
                          "cannot write lock file " + path + ": " + std::strerror(errno));
    }
    return HomeLock(fd);
}

long HomeLock::holder(const std::string& home) {
    int fd = ::open(lock_path(home).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    long pid = 0;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0)
        pid = read_pid(fd);
    else
        ::flock(fd, LOCK_UN);
    ::close(fd);
    return pid;
}

HomeLock::HomeLock(HomeLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

HomeLock& HomeLock::operator=(HomeLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

HomeLock::~HomeLock() {
    if (fd_ >= 0) ::close(fd_); // closing releases the flock; the pid text stays for forensics
}

} // namespace tl
