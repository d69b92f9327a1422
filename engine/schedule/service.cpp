#include "schedule/service.h"
#include "catalog/catalog_location.h"

#include <algorithm>
#include <chrono>

#include <unistd.h>

#include "catalog/library_store.h"
#include "common/log.h"
#include "context/engine.h"
#include "schedule/ad_hoc_name.h"
#include "schedule/backup_runner.h"
#include "schedule/definition_store.h"
#include "schedule/queue_store.h"
#include "schedule/retention_tick.h"
#include "schedule/service_lock.h"

namespace tl::schedule {

namespace {
using Libraries = catalog::LibraryDrives;

Result<Libraries> load_libraries(catalog::Db& db) {
    return catalog::library_drive_counts(db);
}

// Loads definitions, schedules and libraries into the scheduler. A schedule whose rule no
// longer parses is logged and left out.
Status reload(catalog::Db& db, Scheduler& s, const std::vector<JobDefinition>& ad_hoc = {}) {
    DefinitionStore store(db);
    auto defs = store.list();
    if (!defs) return defs.error();
    defs->insert(defs->end(), ad_hoc.begin(), ad_hoc.end());
    auto rows = store.schedules();
    if (!rows) return rows.error();
    auto libs = load_libraries(db);
    if (!libs) return libs.error();
    std::vector<ScheduleEntry> entries;
    for (const auto& r : rows.value()) {
        auto rule = ScheduleRule::parse(r.rule);
        if (!rule) {
            log::get("schedule")
                ->error("schedule {} of '{}' is skipped: {}", r.id, r.definition,
                        rule.error().message);
            continue;
        }
        entries.push_back({r.id, r.definition, std::move(rule.value()), r.checked_until});
    }
    s.set_definitions(std::move(defs.value()));
    s.set_schedules(std::move(entries));
    s.set_library_drives(std::move(libs->drives));
    return {};
}

Status persist(catalog::Db& db, const Scheduler& s) {
    DefinitionStore store(db);
    for (const auto& e : s.schedules())
        TL_TRY(store.set_checked_until(e.id, e.checked_until));
    return QueueStore(db).mirror(s.queue());
}

// Until the next tick, or sooner: a submission waits in the inbox, or a run has ended (its
// end is put in the queue, and a queued job may start on the drives it freed). Those two are
// looked at every 10 ms: a backup submitted through the API starts, and its client sees it
// ended, without waiting out a 100 ms slice at each end (issue 17: the real CLI against tar).
void sleep_until_next_tick(Clock& clock, double seconds, const std::atomic<bool>& stop,
                           const ServiceInbox* inbox = nullptr, const JobRunner* runner = nullptr) {
    const bool watching = inbox || runner;
    const auto slice = std::chrono::milliseconds(watching ? 10 : 100);
    const double slice_s = watching ? 0.01 : 0.1;
    auto woken = [&] { return (inbox && inbox->pending()) || (runner && runner->has_finished()); };
    for (double slept = 0; slept < seconds && !stop && !woken(); slept += slice_s)
        clock.sleep_for(slice);
}

// Backups submitted through the service's API: a stored definition is queued as a manual
// run; an ad-hoc one becomes a definition that the scheduler knows only until its run has ended
// (it is never stored in the catalog). Its name is the one submitted, else the one derived from
// its sources (ad_hoc_name.h): the job keeps it in the history, and the levels of later
// submissions under that name chain to its backups (docs/levels.md).
class Submissions {
public:
    Submissions(catalog::Db& db, Scheduler& scheduler) : db_(db), scheduler_(scheduler) {}
    const std::vector<JobDefinition>& ad_hoc() const { return ad_hoc_; }

    Result<std::int64_t> enqueue(const BackupSubmission& s) {
        if (!s.ad_hoc) return scheduler_.enqueue(s.definition, s.level, "manual");
        JobDefinition d = *s.ad_hoc;
        d.id = 0;
        if (d.name.empty()) d.name = ad_hoc_name(d.sources);
        // Runs of the same ad-hoc backup never wait for one another, as before they had names.
        d.allow_concurrent = true;
        TL_TRY(check_definition(d));
        TL_TRY(check_name(d));
        TL_TRY(check_references(db_, d)); // pool, library, drives, sources: refused now
        auto same = [&](const JobDefinition& k) { return k.name == d.name; };
        if (std::none_of(ad_hoc_.begin(), ad_hoc_.end(), same)) ad_hoc_.push_back(d);
        TL_TRY(reload(db_, scheduler_, ad_hoc_));
        auto id = scheduler_.enqueue(d.name, s.level, "manual");
        if (!id) forget_ended();
        return id;
    }

    // Drops the ad-hoc definitions whose run has left the queue.
    void forget_ended() {
        const auto queue = scheduler_.queue();
        std::erase_if(ad_hoc_, [&](const JobDefinition& d) {
            return std::none_of(queue.begin(), queue.end(),
                                [&](const QueueEntry& e) { return e.definition == d.name; });
        });
    }

private:
    // The scheduler knows a definition by its name: an ad-hoc backup may not take a stored
    // definition's, nor that of another ad-hoc backup in the queue that reads other sources or
    // writes elsewhere.
    Status check_name(const JobDefinition& d) {
        auto stored = DefinitionStore(db_).list();
        if (!stored) return stored.error();
        for (const auto& k : stored.value())
            if (k.name == d.name)
                return make_error(ErrorKind::InvalidArgument,
                                  "'" + d.name +
                                      "' is the name of a job definition; run it with "
                                      "tapeloom-cli job run " +
                                      d.name + ", or give this backup another --name");
        for (const auto& k : ad_hoc_)
            if (k.name == d.name && to_json(k) != to_json(d))
                return make_error(ErrorKind::Busy,
                                  "a backup named '" + d.name +
                                      "' of other sources or options is queued or running; wait "
                                      "for it to end, or give this backup another --name");
        return {};
    }

    catalog::Db& db_;
    Scheduler& scheduler_;
    std::vector<JobDefinition> ad_hoc_;
};
} // namespace

Status run_service(const ServiceOptions& o, Clock& clock, const std::atomic<bool>& stop) {
    auto log = log::get("schedule");
    auto lock = ServiceLock::acquire(o.home);
    if (!lock) return lock.error();
    // Creates or migrates the catalog and marks jobs of a crashed process failed. While
    // another program holds the data directory (a CLI command), wait for it.
    for (bool waiting = false; !o.engine && !stop;) {
        EngineOptions eo;
        eo.home = o.home;
        eo.log_to_file = false;
        auto engine = Engine::open(eo);
        if (engine) break;
        if (engine.error().kind != ErrorKind::Busy) return engine.error();
        if (!waiting) log->warn("{}; waiting for it", engine.error().message);
        waiting = true;
        sleep_until_next_tick(clock, o.tick_seconds, stop);
    }
    if (stop) return {};
    auto db = catalog::Db::open(catalog::catalog_location(o.home), false);
    if (!db) return db.error();
    QueueStore queue(db.value());
    auto kept = queue.list();
    if (!kept) return kept.error();
    auto max_id = queue.max_id();
    if (!max_id) return max_id.error();
    auto libs = load_libraries(db.value());
    if (!libs) return libs.error();

    std::unique_ptr<BackupRunner> own_runner;
    if (!o.runner)
        own_runner = o.engine ? std::make_unique<BackupRunner>(*o.engine)
                              : std::make_unique<BackupRunner>(o.home);
    JobRunner& runner = o.runner ? *o.runner : *own_runner;
    Scheduler scheduler(clock, runner, o.limits, libs->drives, libs->first, max_id.value() + 1);
    TL_TRY(reload(db.value(), scheduler));
    for (const auto& e : kept.value())
        if (e.state == QueueEntry::State::Running)
            log->warn("queue entry {} ('{}') was running when the last service ended; its job is "
                      "marked failed in the history",
                      e.id, e.definition);
    scheduler.restore(kept.value());
    log->info("scheduler service started on {} (pid {})", o.home, static_cast<long>(getpid()));

    // A catalog error in one tick (e.g. SQLite busy past its timeout while another program
    // writes) is logged and the next tick tries again; the service keeps running. The same
    // error tick after tick (a full disk) is logged once, and once more when it is over.
    std::string last_error;
    auto report = [&](const Status& st) {
        if (!st && st.error().message != last_error) {
            last_error = st.error().message;
            log->error("scheduler tick: {} (tried again every tick; logged once until it changes)",
                       last_error);
        }
        return st.ok();
    };
    auto tick_done = [&] {
        if (last_error.empty()) return;
        log->info("scheduler tick: the catalog is written again (after: {})", last_error);
        last_error.clear();
    };
    RetentionTick retention(o.prune_every_seconds);
    Submissions submissions(db.value(), scheduler);
    auto take_submissions = [&] {
        if (o.inbox)
            o.inbox->take([&](const BackupSubmission& s) { return submissions.enqueue(s); },
                          [&](std::int64_t id) { return scheduler.cancel(id); });
    };
    while (!stop) {
        // A tick that could not run (catalog error) collects no ended run: wake for none then.
        bool ticked = false;
        if (report(reload(db.value(), scheduler, submissions.ad_hoc()))) {
            ticked = true;
            auto cancels = queue.cancel_requests();
            if (report(cancels.ok() ? Status{} : Status{cancels.error()}))
                for (auto id : cancels.value())
                    if (auto st = scheduler.cancel(id); !st) {
                        log->warn("{}", st.error().message);
                        report(queue.remove(id));
                    }
            take_submissions();
            scheduler.tick();
            if (report(persist(db.value(), scheduler))) tick_done();
            retention.run_if_due(db.value(), to_unix_seconds(clock.wall()));
            submissions.forget_ended();
        }
        if (o.inbox) o.inbox->deliver();
        sleep_until_next_tick(clock, o.tick_seconds, stop, o.inbox, ticked ? &runner : nullptr);
    }
    if (o.inbox) o.inbox->close();
    log->info("scheduler service stopping: cancelling running jobs");
    scheduler.cancel_running();
    runner.wait_all();
    scheduler.collect();
    TL_TRY(persist(db.value(), scheduler));
    log->info("scheduler service stopped");
    return {};
}

} // namespace tl::schedule
