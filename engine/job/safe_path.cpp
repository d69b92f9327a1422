#include "job/safe_path.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl::job {

bool is_plain_component(std::string_view name) {
    return !name.empty() && name != "." && name != ".." &&
           name.find_first_of(std::string_view("/\0", 2)) == std::string_view::npos;
}

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

Result<int> open_dir_step(int dir_fd, const std::string& name, const std::string& shown,
                          bool create, bool* created) {
    constexpr int kFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = ::openat(dir_fd, name.c_str(), kFlags);
    if (fd < 0 && errno == ENOENT && create) {
        const bool made = ::mkdirat(dir_fd, name.c_str(), 0755) == 0;
        if (!made && errno != EEXIST)
            return make_error(ErrorKind::Io,
                              "cannot create directory " + shown + ": " + std::strerror(errno));
        if (created) *created = made;
        fd = ::openat(dir_fd, name.c_str(), kFlags);
    }
    if (fd >= 0) return fd;
    const int e = errno;
    if (e == ELOOP || e == ENOTDIR)
        return make_error(ErrorKind::Foreign, "'" + shown +
                                                  "' is a symlink or not a directory in the "
                                                  "target; refused so nothing is written outside "
                                                  "the target");
    return make_error(e == ENOENT ? ErrorKind::NotFound : ErrorKind::Io,
                      "cannot open " + shown + ": " + std::strerror(e));
}

Result<int> open_dir_below(int root_fd, const std::vector<std::string>& comps, bool create) {
    int fd = ::dup(root_fd);
    if (fd < 0) return make_error(ErrorKind::Io, std::string("dup: ") + std::strerror(errno));
    std::string so_far;
    for (const auto& c : comps) {
        so_far += (so_far.empty() ? "" : "/") + c;
        auto next = open_dir_step(fd, c, so_far, create);
        ::close(fd);
        if (!next) return next.error();
        fd = next.value();
    }
    return fd;
}

} // namespace tl::job
