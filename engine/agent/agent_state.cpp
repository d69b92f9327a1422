#include "agent/agent_state.h"

#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <unistd.h>

#include "common/home.h"

namespace tl::agent {

namespace fs = std::filesystem;

namespace {
std::string trust_file(const std::string& dir) {
    return dir + "/trusted-service";
}

std::string resolved(const std::string& path) {
    std::error_code ec;
    auto p = fs::weakly_canonical(fs::path(path), ec);
    return (ec ? fs::path(path).lexically_normal() : p).string();
}
} // namespace

Result<Identity> init_agent(const std::string& dir) {
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return ensure_identity(dir, "agent", std::string("tapeloom-agent ") + host);
}

Status trust_service(const std::string& dir, const std::string& fingerprint) {
    TL_TRY(load_identity(dir, "agent"));
    const std::string path = trust_file(dir), temp = path + ".new";
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return make_error(ErrorKind::Io, "cannot write " + temp);
    const std::string text = fingerprint + "\n";
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                    ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(temp.c_str(), path.c_str()) != 0)
        return make_error(ErrorKind::Io, "cannot write " + path);
    return {};
}

std::string trusted_service(const std::string& dir) {
    std::ifstream in(trust_file(dir));
    std::string fp;
    in >> fp;
    return fp;
}

Result<AllowList> AllowList::from(const std::vector<std::string>& roots) {
    AllowList a;
    for (const auto& r : roots) {
        if (r.empty() || r.front() != '/')
            return make_error(ErrorKind::InvalidArgument,
                              "--allow " + r + ": give an absolute path");
        a.roots_.push_back(resolved(r));
    }
    return a;
}

Status AllowList::check(const std::string& path, const std::string& what) const {
    if (path.empty() || path.front() != '/')
        return make_error(ErrorKind::InvalidArgument,
                          what + " '" + path + "' is not an absolute path on the client");
    if (roots_.empty()) return {};
    const fs::path p(resolved(path));
    for (const auto& r : roots_) {
        const auto rel = p.lexically_relative(r);
        if (!rel.empty() && *rel.begin() != "..") return {};
    }
    std::string list;
    for (const auto& r : roots_)
        list += (list.empty() ? "" : ", ") + r;
    return make_error(ErrorKind::InvalidArgument, "refused: " + what + " " + path +
                                                      " is outside what this agent allows (" +
                                                      list + "; see its --allow)");
}

} // namespace tl::agent
