#pragma once
// An autostarted service's idle exit (docs/service.md "Idle exit"): a service started by a
// client (`service start --idle-exit 30m`, what autostart passes) ends by itself once, for the
// whole idle time, no client called it or followed its streams, no task or job ran or waited in
// its queue, and no schedule is due within the horizon. A service started without
// --idle-exit (by hand, by systemd) never does. No Qt.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "catalog/db.h"
#include "common/result.h"

namespace tl::service {

struct IdleRule {
    double idle_seconds = 0;                 // 0: never exit
    double schedule_horizon_seconds = 86400; // a schedule due within this keeps the service
};

// What keeps a service busy, read once.
struct IdleFacts {
    std::size_t streams = 0;                // open event and live streams
    std::size_t tasks = 0;                  // tasks running
    std::size_t jobs = 0;                   // queue entries queued or running
    std::optional<long long> next_schedule; // unix seconds of the next scheduled run
};

// True when `f` keeps the service running at `now` (unix seconds).
bool keeps_busy(const IdleFacts& f, long long now, const IdleRule& rule);

// The catalog's part of the facts: the queue's entries and the next run of any schedule.
Status read_catalog_facts(catalog::Db& db, IdleFacts& f);

// Watches the facts on a thread of its own and sets `stop` once the service was idle for
// rule.idle_seconds. touch() marks a client's call (every request).
class IdleExit {
public:
    IdleExit(IdleRule rule, std::function<IdleFacts()> facts, std::atomic<bool>& stop);
    ~IdleExit();
    IdleExit(const IdleExit&) = delete;
    IdleExit& operator=(const IdleExit&) = delete;

    void start(); // nothing when rule.idle_seconds is 0
    void touch();

private:
    void watch();

    IdleRule rule_;
    std::function<IdleFacts()> facts_;
    std::atomic<bool>& stop_;
    std::atomic<long long> last_call_ms_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool ending_ = false;
    std::thread thread_;
};

} // namespace tl::service
