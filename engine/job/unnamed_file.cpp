#include "job/unnamed_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include "job/target_dirs.h"

namespace tl::job {

namespace {
// linkat of `fd` itself: AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH, /proc/self/fd does not.
int link_descriptor(int fd, int dir, const char* name) {
    if (::linkat(fd, "", dir, name, AT_EMPTY_PATH) == 0) return 0;
    if (errno != EPERM && errno != ENOENT) return -1;
    char proc[48];
    std::snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    return ::linkat(AT_FDCWD, proc, dir, name, AT_SYMLINK_FOLLOW);
}
} // namespace

int open_unnamed(int dir, mode_t mode) {
    return ::openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}

bool unnamed_unsupported(int err) {
    return err == EOPNOTSUPP || err == EISDIR || err == EINVAL;
}

std::string link_into_place(int fd, int dir, const std::string& leaf) {
    if (link_descriptor(fd, dir, leaf.c_str()) == 0) return {};
    if (errno != EEXIST) return std::string("link into place: ") + std::strerror(errno);
    // The name is taken (a restore over existing files): a temporary name, renamed over it.
    const std::string tmp = restore_temp_name();
    if (link_descriptor(fd, dir, tmp.c_str()) != 0)
        return std::string("link into place: ") + std::strerror(errno);
    if (::renameat(dir, tmp.c_str(), dir, leaf.c_str()) != 0) {
        const int e = errno;
        ::unlinkat(dir, tmp.c_str(), 0);
        return std::string("rename into place: ") + std::strerror(e);
    }
    return {};
}

} // namespace tl::job
