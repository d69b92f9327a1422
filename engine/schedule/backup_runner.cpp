#include "schedule/backup_runner.h"

#include "schedule/definition_run.h"

namespace tl::schedule {

BackupRunner::BackupRunner(std::string home) : home_(std::move(home)) {}

BackupRunner::BackupRunner(Engine& engine) : home_(engine.home()), borrowed_(&engine) {}

BackupRunner::~BackupRunner() {
    for (auto& r : runs_)
        r->cancel = true;
    wait_all();
}

Status BackupRunner::start(const RunRequest& request) {
    if (!borrowed_ && !engine_) {
        EngineOptions o;
        o.home = home_;
        o.log_to_file = false; // the service set up the log file once
        auto e = Engine::open(o);
        if (!e) return e.error();
        engine_ = std::move(e.value());
    }
    auto run = std::make_unique<Run>();
    run->queue_id = request.queue_id;
    Run* r = run.get();
    Engine* engine = borrowed_ ? borrowed_ : engine_.get();
    r->thread = std::thread([r, engine, request] {
        // The operator can label a volume through the service while the job waits for one.
        auto report = run_definition(*engine, request.definition, request.level, &r->cancel, true);
        engine->release_catalog(); // the run's thread ends: its connection goes with it
        r->result = RunResult{request.queue_id, report.status, report.error, report.job_id};
        r->done = true;
    });
    runs_.push_back(std::move(run));
    return {};
}

void BackupRunner::cancel(std::int64_t queue_id) {
    for (auto& r : runs_)
        if (r->queue_id == queue_id) r->cancel = true;
}

std::vector<RunResult> BackupRunner::finished() {
    std::vector<RunResult> out;
    for (auto it = runs_.begin(); it != runs_.end();) {
        if (!(*it)->done) {
            ++it;
            continue;
        }
        if ((*it)->thread.joinable()) (*it)->thread.join();
        out.push_back((*it)->result);
        it = runs_.erase(it);
    }
    if (runs_.empty()) engine_.reset(); // hand the data directory back
    return out;
}

bool BackupRunner::has_finished() const {
    for (const auto& r : runs_)
        if (r->done) return true;
    return false;
}

void BackupRunner::wait_all() {
    for (auto& r : runs_)
        if (r->thread.joinable()) r->thread.join();
}

} // namespace tl::schedule
