#include "service/event_watch.h"

#include <chrono>

#include "catalog/catalog_location.h"
#include "catalog/db.h"
#include "catalog/job_store.h"
#include "metrics/live_board.h"
#include "schedule/queue_store.h"
#include "shapes/queue_json.h"

namespace tl::service {

namespace {
constexpr auto kLookEvery = std::chrono::milliseconds(250);
constexpr const char* kWaitingMedia = "waiting for media"; // metrics::activity_name
} // namespace

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
    if (!db_) {
        auto opened = catalog::Db::open(catalog::catalog_location(home_), false);
        if (!opened) return;
        db_ = std::move(opened.value());
    }
    catalog::Db& db = *db_;
    if (auto entries = schedule::QueueStore(db).list())
        for (const auto& e : entries.value())
            hub_.announce_queued(e.id, shapes::queue_entry_json(e));
    catalog::JobQuery q;
    q.status = "waiting";
    std::map<std::int64_t, std::string> now;
    if (auto jobs = catalog::list_jobs(db, q))
        for (const auto& j : jobs.value()) {
            now[j.id] = j.waiting_for;
            auto it = waiting_.find(j.id);
            if (it != waiting_.end() && it->second == j.waiting_for) continue;
            hub_.publish("waiting", {{"job", j.id}, {"name", j.name}, {"reason", j.waiting_for}});
            if (j.waiting_for.rfind("waiting for volume", 0) == 0)
                hub_.publish(
                    "operator-request",
                    {{"kind", "volume"},
                     {"job", j.id},
                     {"name", j.name},
                     {"message", "job " + std::to_string(j.id) + " (" + j.name + ") is " +
                                     j.waiting_for + "; it goes on once that volume is free"}});
            else if (j.waiting_for.rfind("waiting for a volume of pool", 0) == 0)
                hub_.publish("operator-request",
                             {{"kind", "pool"},
                              {"job", j.id},
                              {"name", j.name},
                              {"message", "job " + std::to_string(j.id) + " (" + j.name + ") is " +
                                              j.waiting_for + "; it goes on once one is there"}});
        }
    waiting_ = std::move(now);
    auto live = metrics::LiveBoard(home_).read();
    if (!live) return;
    look_at_drives(live.value());
    for (const auto& s : live.value()) {
        auto& seen = live_seq_[s.job_id];
        if (s.seq <= seen) continue;
        seen = s.seq;
        hub_.publish_live(s.job_id, metrics::to_json(s));
    }
}

void EventWatch::look_at_drives(const std::vector<metrics::LiveSnapshot>& live) {
    std::set<std::pair<std::int64_t, std::string>> now;
    for (const auto& s : live) {
        if (s.ended) continue;
        for (const auto& d : s.drives) {
            if (d.state != kWaitingMedia) continue;
            auto key = std::pair{s.job_id, d.name};
            now.insert(key);
            if (waiting_media_.count(key)) continue;
            hub_.publish("operator-request",
                         {{"kind", "media"},
                          {"job", s.job_id},
                          {"name", s.name},
                          {"drive", d.name},
                          {"message", "job " + std::to_string(s.job_id) + " (" + s.name +
                                          "): drive " + d.name +
                                          " waits for media; load a volume of the job's pool, "
                                          "or label a blank cartridge (tapeloom-cli volume "
                                          "label --all-blank --pool POOL)"}});
        }
    }
    waiting_media_ = std::move(now);
}

} // namespace tl::service
