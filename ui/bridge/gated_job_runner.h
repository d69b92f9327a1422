#pragma once
// The scheduler's job runner inside the console: the engine's BackupRunner on the console's
// Engine, each run a task on the TaskBoard from start to end, beside the backups, restores and
// labelings started by hand (the engine reserves each job's drives and volumes). While a
// cartridge move runs, start() says Busy and the run stays queued until a later tick. Called
// from the scheduler's thread; the board's cancellers (any thread) only leave a note.
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "schedule/backup_runner.h"

namespace tl::ui {

class TaskBoard;

class GatedJobRunner final : public schedule::JobRunner {
public:
    // `engine` and `board` must outlive the runner.
    GatedJobRunner(Engine& engine, TaskBoard& board);
    ~GatedJobRunner() override;

    Status start(const schedule::RunRequest& request) override;
    void cancel(std::int64_t queue_id) override;
    std::vector<schedule::RunResult> finished() override;
    void wait_all() override;

private:
    schedule::BackupRunner inner_;
    TaskBoard& board_;
    std::map<std::int64_t, std::int64_t> tasks_; // queue id -> its task on the board
    std::mutex cancelMutex_;
    std::set<std::int64_t> cancelRequested_; // queue ids the console asked to stop
};

} // namespace tl::ui
