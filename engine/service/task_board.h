#pragma once
// The work the typed routes start and answer at once (a restore, verify, clone or catalog
// backup's job: job_starts.h; a scan: maintenance_routes.cpp): each runs on a thread of its own
// in the service's engine and is known by a task id from the moment it is started; what it
// wrote on its streams is kept, and its exit code once it ended, for the route that reads its
// outcome. Thread-safe.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "context/engine.h"
#include "service/event_hub.h"

namespace tl::service {

// What an action gets: the service's engine, streams for what it prints, and the flag its
// client sets to cancel it.
struct TaskIo {
    Engine& engine;
    std::ostream& out;
    std::ostream& err;
    std::atomic<bool>& cancel;
};

// Runs one piece of work for `request`; returns its exit code (0: it succeeded).
using TaskFn = std::function<int(const nlohmann::json& request, TaskIo& io)>;

struct TaskView {
    std::int64_t id = 0;
    std::string command;
    bool ended = false;
    int exit_code = 0;
    std::string out, err;                 // from the offsets asked for
    std::size_t out_end = 0, err_end = 0; // offsets to ask from next
};

class TaskBoard {
public:
    // Tells `hub` "task-started" and "task-ended" (with the exit code).
    TaskBoard(Engine& engine, EventHub& hub);
    ~TaskBoard();
    TaskBoard(const TaskBoard&) = delete;
    TaskBoard& operator=(const TaskBoard&) = delete;

    // Starts `work`, known as `command`, at once (a typed route's job, service/job_starts.h).
    Result<std::int64_t> start_work(const std::string& command, TaskFn work,
                                    nlohmann::json request);
    Result<TaskView> view(std::int64_t id, std::size_t out_from, std::size_t err_from) const;
    std::vector<TaskView> list() const; // without output
    Status cancel(std::int64_t id);
    std::size_t running() const;
    // Sets every running task's cancel flag and waits for all to end (the service stops).
    void cancel_all_and_wait();

private:
    struct Task;
    class Sink;
    void run(Task& task, const nlohmann::json& request);
    void reap(); // joins the threads of ended tasks and forgets the oldest ended ones

    Engine& engine_;
    EventHub& hub_;
    mutable std::mutex mutex_;
    std::mutex reap_mutex_; // held while threads are joined (reap, cancel_all_and_wait)
    std::map<std::int64_t, std::unique_ptr<Task>> tasks_;
    std::int64_t next_id_ = 1; // guarded by mutex_
    bool closed_ = false;
};

} // namespace tl::service
