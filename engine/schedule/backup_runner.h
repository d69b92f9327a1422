#pragma once
// The real JobRunner: each run is a thread calling run_definition(). The engine (and with it
// the data directory's HomeLock) is opened when the first run starts and closed when the last
// one ends, so other programs can use the data directory between jobs; while it is held
// elsewhere, start() says Busy and the run stays queued. Methods are called from the
// scheduler's thread; the job threads only touch their own Run.
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "context/engine.h"
#include "schedule/job_runner.h"

namespace tl::schedule {

class BackupRunner final : public JobRunner {
public:
    explicit BackupRunner(std::string home);
    // Runs jobs on an engine the caller keeps open (the console, which holds the data
    // directory for its whole life); `engine` must outlive the runner.
    explicit BackupRunner(Engine& engine);
    ~BackupRunner() override; // cancels what runs and waits for it

    Status start(const RunRequest& request) override;
    void cancel(std::int64_t queue_id) override;
    std::vector<RunResult> finished() override;
    bool has_finished() const override;
    // Blocks until every started run has ended (their results stay for finished()).
    void wait_all() override;

private:
    struct Run {
        std::int64_t queue_id = 0;
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
        RunResult result;
        std::thread thread;
    };
    std::string home_;
    std::unique_ptr<Engine> engine_; // opened for the runs (home mode)
    Engine* borrowed_ = nullptr;     // the caller's (engine mode)
    std::vector<std::unique_ptr<Run>> runs_;
};

} // namespace tl::schedule
