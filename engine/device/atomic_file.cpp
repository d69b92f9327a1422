#include "device/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "device/sys_error.h"

namespace tl::device {

Status write_file_atomically(const std::string& path, const std::string& content, CrashHook hook) {
    const std::string tmp = path + ".tmp";
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return sys_error("cannot create", tmp);
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            auto e = sys_error("cannot write", tmp);
            ::close(fd);
            return e;
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        auto e = sys_error("cannot fsync", tmp);
        ::close(fd);
        return e;
    }
    ::close(fd);
    if (hook) hook("tmp-written");
    if (::rename(tmp.c_str(), path.c_str()) != 0) return sys_error("cannot rename onto", path);
    if (hook) hook("renamed");
    const std::string dir = std::filesystem::path(path).parent_path().string();
    int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

Result<std::string> read_whole_file(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return make_error(ErrorKind::NotFound, path + " does not exist");
        return sys_error("cannot open", path);
    }
    std::string out;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            auto e = sys_error("cannot read", path);
            ::close(fd);
            return e;
        }
        if (n == 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

Result<FileLock> FileLock::take(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return sys_error("cannot open", path);
    while (::flock(fd, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        auto e = sys_error("cannot lock", path);
        ::close(fd);
        return e;
    }
    return FileLock(fd);
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);
}

} // namespace tl::device
