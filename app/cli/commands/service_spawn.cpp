// Starting the service of a data directory detached (`service start`, and autostart): the
// child runs `service start --foreground` in a session of its own, its output appended to
// <home>/logs/service.log. When several commands start one at once, the losers (their child
// finds the data directory held by the winner) connect to the winner. When the service cannot
// start, its own message and exit code are the caller's (docs/service.md "Autostart").
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client/service_client.h"
#include "commands/commands.h"
#include "common/home.h"
#include "common/spawn.h"
#include "exit_codes.h"

namespace tl::cli {

namespace {
// posix_spawn of this program as `--home H service start --foreground`, in a new session,
// with stdin from /dev/null, its output appended to <home>/logs/service.log and no other file
// of the caller's open.
Result<pid_t> spawn_service(const std::string& home, const Args& a, const std::string& log) {
    std::vector<std::string> words = {"/proc/self/exe", "--home", home,
                                      "service",        "start",  "--foreground"};
    if (a.has("max-jobs")) words.insert(words.end(), {"--max-jobs", a.get("max-jobs")});
    if (a.has("log-level")) words.insert(words.end(), {"--log-level", a.get("log-level")});
    if (a.has("listen")) words.insert(words.end(), {"--listen", a.get("listen")});
    for (const char* o : {"idle-exit", "idle-horizon", "prune-every"})
        if (a.has(o)) words.insert(words.end(), {std::string("--") + o, a.get(o)});
    for (const char* o : {"tls-cert", "tls-key"})
        if (a.has(o))
            words.insert(words.end(),
                         {std::string("--") + o, std::filesystem::absolute(a.get(o)).string()});
    proc::SpawnOptions o;
    o.out = proc::ChildStream::file(log);
    o.err_to_out = true;
    o.new_session = true;
    // Nothing else of the caller's: a lock or pipe it holds must not live on in the service.
    o.close_other_fds = true;
    auto pid = proc::spawn(words, o);
    if (!pid) return make_error(ErrorKind::Io, "cannot start the service: " + pid.error().message);
    return pid.value();
}

// What one child did: it answers (pid), or it ended (its exit code and last error line).
struct StartAttempt {
    long pid = 0;
    int exit_code = kOk;
    std::string message;
};

// The message of the last "tapeloom-cli: error: " line the log got after offset `from`.
std::string failure_message(const std::string& log, std::uintmax_t from) {
    std::ifstream in(log, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(from));
    const std::string prefix = "tapeloom-cli: error: ";
    std::string line, last;
    while (std::getline(in, line))
        if (line.rfind(prefix, 0) == 0) last = line.substr(prefix.size());
    return last;
}

std::uintmax_t size_of(const std::string& path) {
    std::error_code ec;
    const auto n = std::filesystem::file_size(path, ec);
    return ec ? 0 : n;
}

Result<StartAttempt> start_once(const std::string& home, const Args& args, const std::string& log) {
    const std::uintmax_t log_end = size_of(log);
    auto pid = spawn_service(home, args, log);
    if (!pid) return pid.error();
    client::ServiceClient client(home);
    for (;;) {
        int status = 0;
        if (waitpid(pid.value(), &status, WNOHANG) == pid.value()) {
            StartAttempt a;
            a.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : kFailure;
            if (a.exit_code == kOk) a.exit_code = kFailure; // ended without serving
            a.message = failure_message(log, log_end);
            return a;
        }
        if (auto info = client.service(); info && info->pid == pid.value())
            return StartAttempt{info->pid, kOk, {}};
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// Whether process `pid` is a service starting or running: its command line holds
// `service start --foreground` (as spawn_service and the systemd unit run it).
bool is_service_process(long pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::vector<std::string> words;
    for (std::string w; std::getline(in, w, '\0');)
        words.push_back(w);
    for (std::size_t i = 0; i + 2 < words.size(); ++i)
        if (words[i] == "service" && words[i + 1] == "start" && words[i + 2] == "--foreground")
            return true;
    return false;
}

// After a child found the data directory held: the pid of the service that holds it once it
// answers; 0 when no service holds it (any more), so nothing will answer.
long wait_for_winner(const std::string& home) {
    client::ServiceClient client(home);
    for (;;) {
        if (auto info = client.service()) return info->pid;
        const long holder = HomeLock::holder(home);
        if (holder == 0 || !is_service_process(holder)) return 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}
} // namespace

Result<long> start_service_process(const std::string& home, const Args& args) {
    for (const std::string& dir : {home, home + "/logs"})
        if (auto st = ensure_private_directory(dir); !st) return st.error();
    const std::string log = home + "/logs/service.log";
    // A loser of a start race waits for the winner; when the winner ends without serving, the
    // next attempt meets what stopped it (and says so).
    for (int attempt = 1;; ++attempt) {
        const bool held_before = HomeLock::holder(home) != 0;
        auto a = start_once(home, args, log);
        if (!a) return a.error();
        if (a->pid) return a->pid;
        const bool lost_race = a->exit_code == kBusy && (held_before || HomeLock::holder(home));
        if (lost_race && attempt < 3) {
            if (const long winner = wait_for_winner(home)) return winner;
            continue;
        }
        const std::string why = a->message.empty() ? "it ended without a message" : a->message;
        return make_error(kind_for_exit_code(a->exit_code),
                          "the service of " + home + " did not start: " + why + " (exit " +
                              std::to_string(a->exit_code) + "; log " + log + ")");
    }
}

} // namespace tl::cli
