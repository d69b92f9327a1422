#pragma once
// The scheduler's job runner inside the console: the engine's BackupRunner on the console's
// Engine, each run holding the EngineGate from start to end, so a scheduled job never runs
// beside a backup, restore or labeling started by hand. When the gate is held, start() says
// Busy and the run stays queued until a later tick. Called from the scheduler's thread.
#include <atomic>
#include <memory>
#include <set>

#include "schedule/backup_runner.h"

namespace tl::ui {

class EngineGate;

class GatedJobRunner final : public schedule::JobRunner {
public:
    // `engine` and `gate` must outlive the runner.
    GatedJobRunner(Engine& engine, EngineGate& gate);
    ~GatedJobRunner() override;

    Status start(const schedule::RunRequest& request) override;
    void cancel(std::int64_t queue_id) override;
    std::vector<schedule::RunResult> finished() override;
    void wait_all() override;

private:
    schedule::BackupRunner inner_;
    EngineGate& gate_;
    std::set<std::int64_t> holding_;               // queue ids of runs that hold the gate
    std::atomic<std::int64_t> cancelRequested_{0}; // queue id the console asked to stop
};

} // namespace tl::ui
