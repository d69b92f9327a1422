#pragma once
// What the service's streams learn by looking (event_hub.h): every quarter second the queue's
// new entries ("queued", also those the scheduler queued itself), the jobs that wait for a
// drive or a volume and why ("waiting", when the reason changes), the running jobs' new live
// snapshots (metrics/live_board.h), and what the operator has to do ("operator-request": a
// job waiting for a volume, a drive waiting for media to be loaded or labeled; once each time
// it begins). Runs on a thread of its own from start() to stop().
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "catalog/db.h"
#include "metrics/live_snapshot.h"
#include "service/event_hub.h"

namespace tl::service {

class EventWatch {
public:
    EventWatch(std::string home, EventHub& hub) : home_(std::move(home)), hub_(hub) {}
    ~EventWatch() { stop(); }
    EventWatch(const EventWatch&) = delete;
    EventWatch& operator=(const EventWatch&) = delete;

    void start();
    void stop();

    // One look now (tests; the thread does it every quarter second).
    void look();

private:
    void look_at_drives(const std::vector<metrics::LiveSnapshot>& live);

    std::string home_;
    EventHub& hub_;
    // The catalog, opened at the first look and kept: a look every quarter second pays no
    // connection's open (nor its cold page cache) beside a running backup.
    std::optional<catalog::Db> db_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
    std::map<std::int64_t, std::string> waiting_;                  // job -> reason last told
    std::map<std::int64_t, std::uint64_t> live_seq_;               // job -> last snapshot told
    std::set<std::pair<std::int64_t, std::string>> waiting_media_; // (job, drive) told
};

} // namespace tl::service
