#include "job/safe_path.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl::job {

Result<std::vector<std::string>> safe_components(const std::string& path) {
    if (!path.empty() && path.front() == '/')
        return make_error(ErrorKind::InvalidArgument,
                          "absolute path '" + path + "' refused: restores stay below their target");
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        const auto slash = path.find('/', start);
        const std::string c =
            path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (c == "." || c == "..")
            return make_error(ErrorKind::InvalidArgument,
                              "path '" + path + "' refused: it contains '" + c + "'");
        if (c.find('\0') != std::string::npos)
            return make_error(ErrorKind::InvalidArgument, "path with a NUL byte refused");
        if (!c.empty()) out.push_back(c);
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return out;
}

Result<int> open_dir_below(int root_fd, const std::vector<std::string>& comps, bool create) {
    int fd = ::dup(root_fd);
    if (fd < 0) return make_error(ErrorKind::Io, std::string("dup: ") + std::strerror(errno));
    std::string so_far;
    for (const auto& c : comps) {
        so_far += (so_far.empty() ? "" : "/") + c;
        int next = ::openat(fd, c.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0 && errno == ENOENT && create) {
            if (::mkdirat(fd, c.c_str(), 0700) != 0 && errno != EEXIST) {
                const int e = errno;
                ::close(fd);
                return make_error(ErrorKind::Io,
                                  "cannot create directory " + so_far + ": " + std::strerror(e));
            }
            next = ::openat(fd, c.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (next < 0) {
            const int e = errno;
            ::close(fd);
            if (e == ELOOP || e == ENOTDIR)
                return make_error(ErrorKind::Foreign,
                                  "'" + so_far +
                                      "' is a symlink or not a directory in the target; "
                                      "refused so nothing is written outside the target");
            return make_error(e == ENOENT ? ErrorKind::NotFound : ErrorKind::Io,
                              "cannot open " + so_far + ": " + std::strerror(e));
        }
        ::close(fd);
        fd = next;
    }
    return fd;
}

} // namespace tl::job
