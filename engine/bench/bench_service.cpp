#include "bench/bench_service.h"

#include <csignal>
#include <fstream>
#include <iterator>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "client/service_client.h"
#include "common/log.h"

namespace tl::bench {

Result<BenchService> BenchService::start(const StartService& start, const std::string& home) {
    auto pid = start(home);
    if (!pid) return pid.error();
    return BenchService(home, pid.value());
}

BenchService::BenchService(BenchService&& o) noexcept : home_(std::move(o.home_)), pid_(o.pid_) {
    o.pid_ = 0;
}

BenchService::~BenchService() {
    if (pid_ == 0) return;
    if (auto st = stop(); !st)
        log::get("engine")->warn("bench: the service of {} did not stop: {}", home_,
                                 st.error().message);
}

Result<double> BenchService::cpu_seconds() const {
    const std::string path = "/proc/" + std::to_string(pid_) + "/stat";
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Fields after the command name (in parentheses, which may hold spaces): state is field 3,
    // utime field 14, stime field 15.
    const auto close = text.rfind(')');
    if (text.empty() || close == std::string::npos)
        return make_error(ErrorKind::Io, "cannot read " + path + " (the service has ended?)");
    std::istringstream fields(text.substr(close + 2));
    std::string skip;
    for (int i = 3; i < 14; ++i)
        fields >> skip;
    unsigned long long utime = 0, stime = 0;
    fields >> utime >> stime;
    if (!fields) return make_error(ErrorKind::Io, "cannot parse " + path);
    return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

Status BenchService::stop() {
    if (pid_ == 0) return {};
    const pid_t pid = static_cast<pid_t>(pid_);
    pid_ = 0;
    client::ServiceClient client(home_);
    if (auto st = client.stop(); !st) {
        ::kill(pid, SIGTERM);
        ::waitpid(pid, nullptr, 0);
        return st;
    }
    ::waitpid(pid, nullptr, 0);
    return {};
}

} // namespace tl::bench
