#include "device/mtx_changer.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/log.h"
#include "device/changer_rules.h"
#include "device/mtx_status.h"

namespace tl::device {

namespace {
Status drain(int fd, std::string& out) {
    char buf[4096];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            return make_error(ErrorKind::Io,
                              std::string("cannot read mtx output: ") + std::strerror(errno));
        if (n == 0) return {};
        out.append(buf, static_cast<std::size_t>(n));
    }
}
} // namespace

Result<std::string> MtxChanger::run(const std::vector<std::string>& args) {
    std::vector<std::string> argv = {c_.mtx, "-f", c_.device};
    argv.insert(argv.end(), args.begin(), args.end());
    std::string cmdline;
    for (const auto& a : argv)
        cmdline += (cmdline.empty() ? "" : " ") + a;
    log::get("device")->debug("library {}: running {}", c_.name, cmdline);

    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0)
        return make_error(ErrorKind::Io, "cannot create a pipe for mtx");
    if (::pipe2(err, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        return make_error(ErrorKind::Io, "cannot create a pipe for mtx");
    }
    std::vector<char*> cargv;
    for (auto& a : argv)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);
    pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        ::execvp(cargv[0], cargv.data());
        _exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    std::string so, se;
    auto a = drain(out[0], so);
    auto b = drain(err[0], se);
    ::close(out[0]);
    ::close(err[0]);
    int status = 0;
    if (pid < 0)
        return make_error(ErrorKind::Io, "cannot start " + c_.mtx + ": " + std::strerror(errno));
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!a) return a.error();
    if (!b) return b.error();
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code == 127)
        return make_error(ErrorKind::NotFound, "library " + c_.name + ": cannot run '" + c_.mtx +
                                                   "'; install mtx (apt install mtx)");
    if (code != 0) {
        std::string msg = se.empty() ? so : se;
        while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
            msg.pop_back();
        const bool missing = msg.find("No such file") != std::string::npos;
        const bool busy =
            msg.find("busy") != std::string::npos || msg.find("Busy") != std::string::npos;
        return make_error(missing ? ErrorKind::NotFound
                          : busy  ? ErrorKind::Busy
                                  : ErrorKind::Io,
                          "library " + c_.name + ": '" + cmdline + "' failed (exit " +
                              std::to_string(code) + "): " + msg);
    }
    return so;
}

Result<Inventory> MtxChanger::inventory() {
    std::lock_guard g(mu_);
    auto text = run({"status"});
    if (!text) return text.error();
    auto inv = parse_mtx_status(text.value());
    if (!inv)
        return make_error(inv.error().kind, "library " + c_.name + ": " + inv.error().message);
    return inv;
}

Status MtxChanger::load(int slot, int drive) {
    auto inv = inventory();
    if (!inv) return inv.error();
    TL_TRY(check_load(inv.value(), c_.name, slot, drive));
    std::lock_guard g(mu_);
    auto r = run({"load", std::to_string(slot), std::to_string(drive)});
    if (!r) return r.error();
    return {};
}

Status MtxChanger::unload(int drive, std::optional<int> slot) {
    auto inv = inventory();
    if (!inv) return inv.error();
    auto target = check_unload(inv.value(), c_.name, drive, slot);
    if (!target) return target.error();
    std::lock_guard g(mu_);
    auto r = run({"unload", std::to_string(target.value()), std::to_string(drive)});
    if (!r) return r.error();
    return {};
}

Status MtxChanger::transfer(int from_slot, int to_slot) {
    auto inv = inventory();
    if (!inv) return inv.error();
    TL_TRY(check_transfer(inv.value(), c_.name, from_slot, to_slot));
    std::lock_guard g(mu_);
    auto r = run({"transfer", std::to_string(from_slot), std::to_string(to_slot)});
    if (!r) return r.error();
    return {};
}

} // namespace tl::device
