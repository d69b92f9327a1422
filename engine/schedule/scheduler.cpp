#include "schedule/scheduler.h"

#include <algorithm>
#include <set>

#include "common/log.h"

namespace tl::schedule {

namespace {
int level_rank(const std::string& level) {
    return level == "full" ? 3 : level == "diff" ? 2 : 1;
}
constexpr int kMaxCountedOccurrences = 1000; // when catching up a long outage
constexpr long long kOnTimeGrace = 60;       // seconds
} // namespace

const char* to_string(QueueEntry::State s) {
    return s == QueueEntry::State::Running ? "running" : "queued";
}

Scheduler::Scheduler(Clock& clock, JobRunner& runner, SchedulerLimits limits,
                     std::map<std::string, std::size_t> library_drives, std::string default_library,
                     std::int64_t first_id)
    : clock_(clock), runner_(runner), limits_(limits), library_drives_(std::move(library_drives)),
      default_library_(std::move(default_library)), next_id_(first_id) {}

void Scheduler::set_definitions(std::vector<JobDefinition> definitions) {
    definitions_ = std::move(definitions);
    std::erase_if(queue_, [&](const QueueEntry& e) {
        if (e.state == QueueEntry::State::Running || find(e.definition)) return false;
        log::get("schedule")
            ->warn("queue entry {} dropped: job definition '{}' was removed", e.id, e.definition);
        return true;
    });
}

void Scheduler::set_schedules(std::vector<ScheduleEntry> schedules) {
    for (auto& s : schedules)
        for (const auto& old : schedules_)
            if (old.id == s.id) s.checked_until = std::max(s.checked_until, old.checked_until);
    schedules_ = std::move(schedules);
}

void Scheduler::set_library_drives(std::map<std::string, std::size_t> library_drives) {
    library_drives_ = std::move(library_drives);
}

void Scheduler::restore(std::vector<QueueEntry> entries) {
    for (auto& e : entries) {
        if (e.state != QueueEntry::State::Queued) continue;
        next_id_ = std::max(next_id_, e.id + 1);
        queue_.push_back(std::move(e));
    }
}

const JobDefinition* Scheduler::find(const std::string& name) const {
    for (const auto& d : definitions_)
        if (d.name == name) return &d;
    return nullptr;
}

std::string Scheduler::library_of(const JobDefinition& d) const {
    return d.library.empty() ? default_library_ : d.library;
}

std::size_t Scheduler::drives_needed(const JobDefinition& d, std::size_t library_drives) const {
    std::size_t n = d.drives;
    if (n == 0)
        n = (d.sources.size() + d.sessions_per_drive - 1) /
            std::max<std::size_t>(1, d.sessions_per_drive);
    return std::max<std::size_t>(1, std::min(n, library_drives));
}

Result<std::int64_t> Scheduler::enqueue(const std::string& definition, const std::string& level,
                                        const std::string& reason) {
    const JobDefinition* d = find(definition);
    if (!d)
        return make_error(ErrorKind::NotFound, "job definition '" + definition +
                                                   "' does not exist; see tapeloom-cli job list");
    if (!d->allow_concurrent)
        for (const auto& e : queue_)
            if (e.definition == definition && e.state == QueueEntry::State::Queued)
                return make_error(ErrorKind::Busy, "job definition '" + definition +
                                                       "' is queued already as entry " +
                                                       std::to_string(e.id));
    QueueEntry e;
    e.id = next_id_++;
    e.definition = definition;
    e.level = level;
    e.reason = reason;
    e.enqueued = e.not_before = to_unix_seconds(clock_.wall());
    queue_.push_back(e);
    log::get("schedule")
        ->info("queued {} run of '{}' as entry {} ({})", level, definition, e.id, reason);
    return e.id;
}

Status Scheduler::cancel(std::int64_t id) {
    for (auto it = queue_.begin(); it != queue_.end(); ++it) {
        if (it->id != id) continue;
        if (it->state == QueueEntry::State::Queued) {
            log::get("schedule")
                ->info("queue entry {} ('{}') cancelled before it started", id, it->definition);
            queue_.erase(it);
        } else if (!it->cancel_requested) {
            it->cancel_requested = true;
            log::get("schedule")->info("cancelling running entry {} ('{}')", id, it->definition);
            runner_.cancel(id);
        }
        return {};
    }
    return make_error(ErrorKind::NotFound, "queue entry " + std::to_string(id) +
                                               " is neither queued nor running; see "
                                               "tapeloom-cli queue list");
}

void Scheduler::cancel_running() {
    for (const auto& e : queue_)
        if (e.state == QueueEntry::State::Running) (void)cancel(e.id);
}

void Scheduler::collect() {
    collect_finished(to_unix_seconds(clock_.wall()));
}

bool Scheduler::idle() const {
    return std::none_of(queue_.begin(), queue_.end(),
                        [](const QueueEntry& e) { return e.state == QueueEntry::State::Running; });
}

std::vector<QueueEntry> Scheduler::queue() const {
    std::vector<QueueEntry> out = queue_;
    std::stable_sort(out.begin(), out.end(), [](const QueueEntry& a, const QueueEntry& b) {
        if (a.state != b.state) return a.state == QueueEntry::State::Running;
        return a.id < b.id;
    });
    return out;
}

std::optional<Occurrence> Scheduler::next_occurrence(std::int64_t schedule_id) const {
    for (const auto& s : schedules_)
        if (s.id == schedule_id) return s.rule.next_after(s.checked_until);
    return std::nullopt;
}

void Scheduler::tick() {
    const long long now = to_unix_seconds(clock_.wall());
    collect_finished(now);
    fire_schedules(now);
    start_ready(now);
}

void Scheduler::collect_finished(long long now) {
    end_runs(runner_.finished(), now);
}

void Scheduler::end_runs(const std::vector<RunResult>& results, long long now) {
    auto log = log::get("schedule");
    for (const auto& r : results) {
        auto it = std::find_if(queue_.begin(), queue_.end(),
                               [&](const QueueEntry& e) { return e.id == r.queue_id; });
        if (it == queue_.end()) continue;
        QueueEntry ended = *it;
        queue_.erase(it);
        if (r.status == "failed")
            log->error("job '{}' (entry {}, attempt {}) failed: {}", ended.definition, ended.id,
                       ended.attempt, r.error);
        else
            log->info("job '{}' (entry {}) ended: {}", ended.definition, ended.id, r.status);
        const JobDefinition* d = find(ended.definition);
        if (r.status != "failed" || ended.cancel_requested || !d || ended.attempt > d->retries)
            continue;
        QueueEntry retry = ended;
        retry.id = next_id_++;
        retry.state = QueueEntry::State::Queued;
        retry.reason = "retry";
        retry.attempt = ended.attempt + 1;
        retry.enqueued = now;
        retry.not_before = now + static_cast<long long>(d->retry_delay);
        retry.started = 0;
        queue_.push_back(retry);
        log->warn("job '{}' will be retried (attempt {} of {}) as entry {} in {} s",
                  retry.definition, retry.attempt, d->retries + 1, retry.id, d->retry_delay);
    }
}

void Scheduler::fire_schedules(long long now) {
    auto log = log::get("schedule");
    const bool first = first_tick_;
    first_tick_ = false;
    for (auto& s : schedules_) {
        int count = 0;
        long long latest = 0;
        std::string level;
        for (auto o = s.rule.next_after(s.checked_until); o && o->time <= now;
             o = s.rule.next_after(o->time)) {
            if (level.empty() || level_rank(o->level) > level_rank(level)) level = o->level;
            latest = o->time;
            if (++count >= kMaxCountedOccurrences) break;
        }
        // At start-up, runs that fell due while no scheduler ran are "missed"; one that fell
        // due within the last minute is just on time.
        const bool missed = first && latest < now - kOnTimeGrace;
        s.checked_until = now;
        const JobDefinition* d = find(s.definition);
        if (count == 0 || !d) continue;
        if (missed && d->missed == "skip") {
            log->warn("'{}': {} run(s) missed while no scheduler ran; skipped as its definition "
                      "says (missed: skip)",
                      s.definition, count);
            continue;
        }
        if (missed)
            log->warn("'{}': {} run(s) missed while no scheduler ran; running one {} now",
                      s.definition, count, level);
        auto queued = std::find_if(queue_.begin(), queue_.end(), [&](const QueueEntry& e) {
            return e.definition == s.definition && e.state == QueueEntry::State::Queued;
        });
        if (queued != queue_.end() && !d->allow_concurrent) {
            if (level_rank(level) > level_rank(queued->level)) queued->level = level;
            log->info("'{}' is still queued (entry {}); schedule {} adds no second run",
                      s.definition, queued->id, s.id);
            continue;
        }
        (void)enqueue(s.definition, level, missed ? "missed" : "schedule");
    }
}

void Scheduler::start_ready(long long now) {
    auto log = log::get("schedule");
    std::vector<QueueEntry*> ready;
    for (auto& e : queue_)
        if (e.state == QueueEntry::State::Queued && e.not_before <= now) ready.push_back(&e);
    auto priority = [&](const QueueEntry* e) {
        const JobDefinition* d = find(e->definition);
        return d ? d->priority : 0;
    };
    std::stable_sort(ready.begin(), ready.end(), [&](const QueueEntry* a, const QueueEntry* b) {
        if (priority(a) != priority(b)) return priority(a) > priority(b);
        if (a->not_before != b->not_before) return a->not_before < b->not_before;
        return a->id < b->id;
    });
    std::size_t running = 0;
    std::map<std::string, std::size_t> lib_jobs, lib_drives_used, pool_jobs;
    std::set<std::string> running_defs;
    for (const auto& e : queue_) {
        if (e.state != QueueEntry::State::Running) continue;
        ++running;
        ++lib_jobs[e.library];
        lib_drives_used[e.library] += e.drives;
        ++pool_jobs[e.pool];
        running_defs.insert(e.definition);
    }
    // A waiting job keeps lower-priority jobs off the library and pool it waits for.
    std::set<std::string> blocked_libs, blocked_pools;
    std::vector<RunResult> refused;
    for (QueueEntry* e : ready) {
        const JobDefinition* d = find(e->definition);
        if (!d) continue;
        const std::string lib = library_of(*d);
        if (blocked_libs.count(lib) || blocked_pools.count(d->pool)) continue;
        if (running_defs.count(d->name) && !d->allow_concurrent) continue;
        if (limits_.max_jobs && running >= limits_.max_jobs) break;
        const auto known = library_drives_.find(lib);
        const std::size_t lib_total = known == library_drives_.end() ? 0 : known->second;
        const std::size_t need = known == library_drives_.end() ? 0 : drives_needed(*d, lib_total);
        if ((limits_.max_jobs_per_library && lib_jobs[lib] >= limits_.max_jobs_per_library) ||
            (known != library_drives_.end() && lib_drives_used[lib] + need > lib_total)) {
            blocked_libs.insert(lib);
            continue;
        }
        if (limits_.max_jobs_per_pool && pool_jobs[d->pool] >= limits_.max_jobs_per_pool) {
            blocked_pools.insert(d->pool);
            continue;
        }
        e->state = QueueEntry::State::Running;
        e->started = now;
        e->library = lib;
        e->pool = d->pool;
        e->drives = need;
        auto st = runner_.start(RunRequest{e->id, *d, e->level, e->attempt});
        if (!st && st.error().kind == ErrorKind::Busy) {
            e->state = QueueEntry::State::Queued;
            e->started = 0;
            log->info("entry {} ('{}') waits: {}", e->id, e->definition, st.error().message);
            break;
        }
        if (!st) {
            refused.push_back(RunResult{e->id, "failed", st.error().message, 0});
            continue;
        }
        log->info("started {} run of '{}' (entry {}, attempt {}) on {} drive(s) of {}", e->level,
                  e->definition, e->id, e->attempt, need, lib);
        ++running;
        ++lib_jobs[lib];
        lib_drives_used[lib] += need;
        ++pool_jobs[d->pool];
        running_defs.insert(d->name);
    }
    end_runs(refused, now); // refused by the runner: failed at once (may be retried)
}

} // namespace tl::schedule
