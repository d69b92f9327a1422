#pragma once
// A Tapeloom service that a bench starts on its scratch data directory and stops at the end:
// the host program starts it (the CLI runs `service start` of itself), this stops it through
// the API, waits for the process and reads its CPU time. Used by bench service.
#include <functional>
#include <string>

#include "common/result.h"

namespace tl::bench {

// Starts the service of `home` and returns its pid once it answers.
using StartService = std::function<Result<long>(const std::string& home)>;

class BenchService {
public:
    static Result<BenchService> start(const StartService& start, const std::string& home);
    BenchService(BenchService&& o) noexcept;
    BenchService(const BenchService&) = delete;
    BenchService& operator=(const BenchService&) = delete;
    ~BenchService(); // stops the service when stop() was not called

    long pid() const { return pid_; }
    const std::string& home() const { return home_; }
    // User + system CPU seconds the service process has used so far (/proc/PID/stat).
    Result<double> cpu_seconds() const;
    // POST /v1/service/stop, then waits for the process to end.
    Status stop();

private:
    BenchService(std::string home, long pid) : home_(std::move(home)), pid_(pid) {}
    std::string home_;
    long pid_ = 0;
};

} // namespace tl::bench
