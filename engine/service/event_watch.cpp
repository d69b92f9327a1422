#include "service/event_watch.h"

#include <chrono>

#include "catalog/db.h"
#include "catalog/job_store.h"
#include "metrics/live_board.h"
#include "schedule/queue_store.h"
#include "shapes/queue_json.h"

namespace tl::service {

namespace {
constexpr auto kLookEvery = std::chrono::milliseconds(250);
}

void EventWatch::start() {
    thread_ = std::thread([this] {
        while (!stopping_) {
            look();
            std::this_thread::sleep_for(kLookEvery);
        }
    });
}

void EventWatch::stop() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

void EventWatch::look() {
    auto db = catalog::Db::open(home_ + "/catalog.db", false);
    if (!db) return;
    if (auto entries = schedule::QueueStore(db.value()).list())
        for (const auto& e : entries.value())
            hub_.announce_queued(e.id, shapes::queue_entry_json(e));
    catalog::JobQuery q;
    q.status = "waiting";
    std::map<std::int64_t, std::string> now;
    if (auto jobs = catalog::list_jobs(db.value(), q))
        for (const auto& j : jobs.value()) {
            now[j.id] = j.waiting_for;
            auto it = waiting_.find(j.id);
            if (it == waiting_.end() || it->second != j.waiting_for)
                hub_.publish("waiting",
                             {{"job", j.id}, {"name", j.name}, {"reason", j.waiting_for}});
        }
    waiting_ = std::move(now);
    if (auto live = metrics::LiveBoard(home_).read())
        for (const auto& s : live.value()) {
            auto& seen = live_seq_[s.job_id];
            if (s.seq <= seen) continue;
            seen = s.seq;
            hub_.publish_live(s.job_id, metrics::to_json(s));
        }
}

} // namespace tl::service
