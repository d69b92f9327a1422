#include "common/home.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
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

Status ensure_private_directory(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        const auto parent = std::filesystem::path(path).parent_path();
        if (!parent.empty()) TL_TRY(ensure_directory(parent.string()));
        if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
            return make_error(ErrorKind::Io,
                              "cannot create directory " + path + ": " + std::strerror(errno));
    }
    return ensure_directory(path);
}

namespace {
std::string lock_path(const std::string& home) {
    return home + "/tapeloom.lock";
}
} // namespace

Result<HomeLock> HomeLock::acquire(const std::string& home) {
    TL_TRY(ensure_private_directory(home));
    auto lock = PidLock::acquire(lock_path(home), [&home](long pid) {
        return "data directory " + home + " is in use by process " + std::to_string(pid) +
               "; stop that process or use another --home";
    });
    if (!lock) return lock.error();
    return HomeLock(std::move(lock.value()));
}

long HomeLock::holder(const std::string& home) {
    return PidLock::holder(lock_path(home));
}

} // namespace tl
