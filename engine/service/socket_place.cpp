#include "service/socket_place.h"

#include <cerrno>
#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/log.h"

namespace tl::service {

namespace {
std::string octal(mode_t m) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(m & 07777));
    return buf;
}
} // namespace

Result<uid_t> check_home_private(const std::string& home) {
    struct stat st {};
    if (stat(home.c_str(), &st) != 0)
        return make_error(ErrorKind::NotFound,
                          "data directory " + home + ": " + std::strerror(errno));
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return make_error(ErrorKind::InvalidArgument,
                          "data directory " + home + " is writable by group or others (mode " +
                              octal(st.st_mode) +
                              "); the service puts its socket only in a private directory: run "
                              "chmod go-w '" +
                              home + "' (or chmod 700)");
    return st.st_uid;
}

bool socket_answers(const std::string& path) {
    sockaddr_un addr{};
    if (path.size() >= sizeof(addr.sun_path)) return false;
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0;
    close(fd);
    return ok;
}

Status remove_stale_socket(const std::string& path) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) return {};
    if (!S_ISSOCK(st.st_mode))
        return make_error(ErrorKind::AlreadyExists,
                          path + " exists and is no socket; move it away, then start the "
                                 "service again");
    if (socket_answers(path))
        return make_error(ErrorKind::Busy, "a service answers on " + path +
                                               " already; see tapeloom-cli service "
                                               "status");
    if (unlink(path.c_str()) != 0)
        return make_error(ErrorKind::Io,
                          "cannot remove the stale socket " + path + ": " + std::strerror(errno));
    log::get("service")->info("removed the stale socket {} (its service is gone)", path);
    return {};
}

} // namespace tl::service
