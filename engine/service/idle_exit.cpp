#include "service/idle_exit.h"

#include <algorithm>

#include "common/log.h"
#include "schedule/definition_store.h"
#include "schedule/queue_store.h"
#include "schedule/schedule_rule.h"

namespace tl::service {

namespace {
constexpr auto kIdleLookEvery = std::chrono::milliseconds(500);

long long now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}
} // namespace

bool keeps_busy(const IdleFacts& f, long long now, const IdleRule& rule) {
    if (f.streams || f.tasks || f.jobs) return true;
    return f.next_schedule &&
           static_cast<double>(*f.next_schedule - now) <= rule.schedule_horizon_seconds;
}

Status read_catalog_facts(catalog::Db& db, IdleFacts& f) {
    auto entries = schedule::QueueStore(db).list();
    if (!entries) return entries.error();
    f.jobs = entries->size();
    auto schedules = schedule::DefinitionStore(db).schedules();
    if (!schedules) return schedules.error();
    const long long now = now_ms() / 1000;
    for (const auto& s : schedules.value()) {
        auto rule = schedule::ScheduleRule::parse(s.rule);
        if (!rule) continue;
        auto next = rule->next_after(std::max(now, s.checked_until));
        if (next && (!f.next_schedule || next->time < *f.next_schedule))
            f.next_schedule = next->time;
    }
    return {};
}

IdleExit::IdleExit(IdleRule rule, std::function<IdleFacts()> facts, std::atomic<bool>& stop)
    : rule_(rule), facts_(std::move(facts)), stop_(stop), last_call_ms_(now_ms()) {}

IdleExit::~IdleExit() {
    {
        std::lock_guard lock(mutex_);
        ending_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void IdleExit::start() {
    if (rule_.idle_seconds <= 0) return;
    thread_ = std::thread([this] { watch(); });
}

void IdleExit::touch() {
    last_call_ms_ = now_ms();
}

void IdleExit::watch() {
    long long busy_ms = now_ms(); // the last moment something kept the service
    std::unique_lock lock(mutex_);
    while (!ending_ && !stop_) {
        wake_.wait_for(lock, kIdleLookEvery);
        if (ending_ || stop_) return;
        const long long now = now_ms();
        if (keeps_busy(facts_(), now / 1000, rule_)) busy_ms = now;
        const long long quiet_since = std::max(busy_ms, last_call_ms_.load());
        if (static_cast<double>(now - quiet_since) < rule_.idle_seconds * 1000) continue;
        log::get("service")->info("idle for {} s (no client, no task or job, no schedule due "
                                  "within {} s): the service ends",
                                  rule_.idle_seconds, rule_.schedule_horizon_seconds);
        stop_ = true;
    }
}

} // namespace tl::service
