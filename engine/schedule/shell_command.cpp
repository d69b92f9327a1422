#include "schedule/shell_command.h"

#include <cerrno>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tl::schedule {

namespace {
constexpr std::size_t kKeep = 4096;

void write_all(int fd, const std::string& data) {
    std::size_t off = 0;
    while (off < data.size()) {
        const ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break; // the command closed its stdin: it does not want the rest
        off += static_cast<std::size_t>(n);
    }
    ::close(fd);
}
} // namespace

Result<CommandOutcome> run_shell(const std::string& command, const std::string& input,
                                 const std::vector<std::pair<std::string, std::string>>& env) {
    // Everything the child needs is prepared before fork (only async-signal-safe calls after).
    std::vector<std::string> env_text;
    for (char** e = environ; e && *e; ++e)
        env_text.emplace_back(*e);
    for (const auto& [k, v] : env)
        env_text.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& s : env_text)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};

    int in[2], out[2];
    // stdin is a socket pair so that writing to a command that exited early gives EPIPE
    // (MSG_NOSIGNAL) instead of a SIGPIPE for the whole process.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0)
        return make_error(ErrorKind::Io, "cannot run '" + command + "': " + std::strerror(errno));
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return make_error(ErrorKind::Io, "cannot run '" + command + "': " + std::strerror(errno));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1]})
            ::close(fd);
        return make_error(ErrorKind::Io, "cannot run '" + command + "': " + std::strerror(errno));
    }
    if (pid == 0) {
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(out[1], 2);
        ::signal(SIGPIPE, SIG_DFL);
        ::execve("/bin/sh", const_cast<char**>(argv), envp.data());
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    // Feed stdin on a helper thread so a command that writes a lot before reading cannot
    // deadlock against us.
    std::thread feeder(write_all, in[1], input);
    CommandOutcome r;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(out[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        r.output.append(buf, static_cast<std::size_t>(n));
        if (r.output.size() > 2 * kKeep) r.output.erase(0, r.output.size() - kKeep);
    }
    ::close(out[0]);
    feeder.join();
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (r.output.size() > kKeep) r.output.erase(0, r.output.size() - kKeep);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

} // namespace tl::schedule
