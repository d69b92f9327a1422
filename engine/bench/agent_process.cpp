#include "bench/agent_process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <regex>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/spawn.h"

namespace tl::bench {

namespace {

constexpr int kStartTimeoutMs = 30000;

struct Spawned {
    pid_t pid = -1;
    int out = -1; // the read end of its stdout
};

// Runs argv with stdout into a pipe and stderr appended to `log` ("": /dev/null).
Result<Spawned> spawn_piped(const std::vector<std::string>& argv, const std::string& log) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return make_error(ErrorKind::Io, std::string("pipe: ") + std::strerror(errno));
    proc::SpawnOptions o;
    o.out = proc::ChildStream::fd(fds[1]);
    if (!log.empty()) o.err = proc::ChildStream::file(log);
    auto pid = proc::spawn(argv, o);
    ::close(fds[1]);
    if (!pid) {
        ::close(fds[0]);
        return make_error(ErrorKind::NotFound,
                          pid.error().message + "; build tapeloom-agent or pass --agent PATH");
    }
    Spawned s;
    s.pid = pid.value();
    s.out = fds[0];
    return s;
}

// What the process writes on stdout until it closes it, or the first line when `one_line`;
// waits at most kStartTimeoutMs.
std::string read_output(int fd, bool one_line) {
    std::string text;
    char buf[512];
    while (!(one_line && text.find('\n') != std::string::npos)) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, kStartTimeoutMs) <= 0) break;
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buf, static_cast<std::size_t>(n));
    }
    return text;
}

double cpu_of(const rusage& ru) {
    auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return s(ru.ru_utime) + s(ru.ru_stime);
}

// Waits for `pid`; its exit status and CPU.
std::pair<int, double> reap(pid_t pid) {
    int status = 0;
    rusage ru{};
    while (::wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {
    }
    return {status, cpu_of(ru)};
}

// Runs a short agent command to its end; its stdout, or an error naming the command and log.
Result<std::string> run_agent_command(const std::vector<std::string>& argv,
                                      const std::string& log) {
    auto s = spawn_piped(argv, log);
    if (!s) return s.error();
    std::string out = read_output(s->out, false);
    ::close(s->out);
    const int status = reap(s->pid).first;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return make_error(ErrorKind::Io, "tapeloom-agent " + argv.at(1) + " failed (exit " +
                                             std::to_string(WEXITSTATUS(status)) + "); see " + log);
    return out;
}

} // namespace

AgentChild::~AgentChild() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        reap(pid_);
    }
}

Result<double> AgentChild::stop() {
    if (pid_ <= 0) return make_error(ErrorKind::Internal, "the agent is not running");
    ::kill(pid_, SIGTERM);
    const double cpu = reap(pid_).second;
    pid_ = -1;
    return cpu;
}

Status init_agent_state(AgentChild& a, const std::string& program) {
    auto out = run_agent_command({program, "init", "--state", a.state}, a.log);
    if (!out) return out.error();
    a.fingerprint = out.value().substr(0, out.value().find('\n'));
    if (a.fingerprint.size() != 64)
        return make_error(ErrorKind::Io, program + " init printed no fingerprint; see " + a.log);
    return {};
}

Status trust_service_of(const AgentChild& a, const std::string& program, const std::string& fp) {
    auto out = run_agent_command({program, "trust", "--state", a.state, "--server-fingerprint", fp},
                                 a.log);
    if (!out) return out.error();
    return {};
}

Status start_serving(AgentChild& a, const std::string& program,
                     const std::vector<std::string>& allow) {
    std::vector<std::string> argv = {program,    "serve",       "--state",     a.state,
                                     "--listen", "127.0.0.1:0", "--log-level", "warn"};
    for (const auto& p : allow) {
        argv.push_back("--allow");
        argv.push_back(p);
    }
    auto s = spawn_piped(argv, a.log);
    if (!s) return s.error();
    a.pid_ = s->pid;
    const std::string line = read_output(s->out, true);
    ::close(s->out);
    std::smatch m;
    if (!std::regex_search(line, m, std::regex("listening on (\\S+) as")))
        return make_error(ErrorKind::Io,
                          "tapeloom-agent serve did not start listening in 30 s; see " + a.log);
    a.address = m[1];
    return {};
}

} // namespace tl::bench
