#include "service/task_board.h"

#include <streambuf>

#include "common/log.h"

namespace tl::service {

namespace {
constexpr std::size_t kEndedKept = 1000; // ended tasks a client may still read
constexpr int kInternalExit = 1;

// The end of `text` without a UTF-8 sequence still being written, so that each piece a client
// reads is whole characters.
std::size_t whole_characters_end(const std::string& text) {
    std::size_t back = 0;
    while (back < 3 && back < text.size() &&
           (static_cast<unsigned char>(text[text.size() - 1 - back]) & 0xC0) == 0x80)
        ++back;
    if (back == text.size()) return text.size();
    const auto lead = static_cast<unsigned char>(text[text.size() - 1 - back]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return length > back + 1 ? text.size() - 1 - back : text.size();
}
} // namespace

struct TaskBoard::Task {
    std::int64_t id = 0;
    std::string command;
    TaskFn fn;
    std::atomic<bool> cancel{false};
    std::string out, err; // guarded by the board's mutex
    bool ended = false;
    int exit_code = 0;
    std::thread thread;
};

// A stream buffer that appends to one of a task's texts under the board's lock.
class TaskBoard::Sink final : public std::streambuf {
public:
    Sink(std::mutex& mutex, std::string& text) : mutex_(mutex), text_(text) {}

protected:
    int_type overflow(int_type c) override {
        if (c == traits_type::eof()) return traits_type::not_eof(c);
        const char ch = traits_type::to_char_type(c);
        xsputn(&ch, 1);
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        text_.append(s, static_cast<std::size_t>(n));
        return n;
    }

private:
    std::mutex& mutex_;
    std::string& text_;
};

TaskBoard::TaskBoard(Engine& engine, EventHub& hub) : engine_(engine), hub_(hub) {}

TaskBoard::~TaskBoard() {
    cancel_all_and_wait();
}

Result<std::int64_t> TaskBoard::start_work(const std::string& command, TaskFn work,
                                           nlohmann::json request) {
    reap();
    std::lock_guard lock(mutex_);
    if (closed_)
        return make_error(ErrorKind::Busy, "the service is stopping; it starts no new action");
    auto task = std::make_unique<Task>();
    task->id = next_id_++;
    task->command = command;
    task->fn = std::move(work);
    Task& t = *task;
    tasks_[t.id] = std::move(task);
    t.thread = std::thread([this, &t, request = std::move(request)] { run(t, request); });
    log::get("service")->info("task {}: {} started (API)", t.id, command);
    hub_.publish("task-started", {{"task", t.id}, {"command", command}});
    return t.id;
}

void TaskBoard::run(Task& task, const nlohmann::json& request) {
    Sink out_buf(mutex_, task.out), err_buf(mutex_, task.err);
    std::ostream out(&out_buf), err(&err_buf);
    TaskIo io{engine_, out, err, task.cancel};
    int code = kInternalExit;
    try {
        code = task.fn(request, io);
    } catch (const std::exception& e) {
        log::get("service")->error("task {} ({}): {}", task.id, task.command, e.what());
        err << "tapeloom-cli: error: unexpected: " << e.what() << "\n";
    }
    out.flush();
    err.flush();
    engine_.release_catalog(); // this thread ends: its connection goes with it
    {
        std::lock_guard lock(mutex_);
        task.ended = true;
        task.exit_code = code;
    }
    log::get("service")->info("task {}: {} ended with exit code {}", task.id, task.command, code);
    hub_.publish("task-ended", {{"task", task.id}, {"command", task.command}, {"exit_code", code}});
}

Result<TaskView> TaskBoard::view(std::int64_t id, std::size_t out_from,
                                 std::size_t err_from) const {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(id);
    if (it == tasks_.end())
        return make_error(ErrorKind::NotFound, "task " + std::to_string(id) +
                                                   " is not known to this service; see GET "
                                                   "/v1/tasks");
    const Task& t = *it->second;
    TaskView v{t.id,
               t.command,
               t.ended,
               t.exit_code,
               {},
               {},
               whole_characters_end(t.out),
               whole_characters_end(t.err)};
    if (out_from < v.out_end) v.out = t.out.substr(out_from, v.out_end - out_from);
    if (err_from < v.err_end) v.err = t.err.substr(err_from, v.err_end - err_from);
    return v;
}

std::vector<TaskView> TaskBoard::list() const {
    std::lock_guard lock(mutex_);
    std::vector<TaskView> out;
    for (const auto& [id, t] : tasks_)
        out.push_back(
            {id, t->command, t->ended, t->exit_code, {}, {}, t->out.size(), t->err.size()});
    return out;
}

Status TaskBoard::cancel(std::int64_t id) {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(id);
    if (it == tasks_.end() || it->second->ended)
        return make_error(ErrorKind::NotFound,
                          "task " + std::to_string(id) + " is not running under this service");
    it->second->cancel = true;
    log::get("service")->info("task {}: cancel requested (API)", id);
    return {};
}

std::size_t TaskBoard::running() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [id, t] : tasks_)
        n += t->ended ? 0 : 1;
    return n;
}

void TaskBoard::reap() {
    std::lock_guard reaping(reap_mutex_);
    std::vector<std::unique_ptr<Task>> gone;
    std::vector<std::thread*> done;
    {
        std::lock_guard lock(mutex_);
        std::size_t ended = 0;
        for (const auto& [id, t] : tasks_)
            ended += t->ended ? 1 : 0;
        for (auto it = tasks_.begin(); it != tasks_.end();) {
            if (!it->second->ended) {
                ++it;
                continue;
            }
            if (ended <= kEndedKept) {
                done.push_back(&it->second->thread);
                ++it;
                continue;
            }
            gone.push_back(std::move(it->second));
            it = tasks_.erase(it);
            --ended;
        }
    }
    // An ended task's thread has only its return left: joining it does not wait.
    for (auto* th : done)
        if (th->joinable()) th->join();
    for (auto& t : gone)
        if (t->thread.joinable()) t->thread.join();
}

void TaskBoard::cancel_all_and_wait() {
    std::lock_guard reaping(reap_mutex_);
    std::vector<std::thread*> threads;
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        for (auto& [id, t] : tasks_) {
            if (!t->ended) t->cancel = true;
            threads.push_back(&t->thread);
        }
    }
    for (auto* th : threads)
        if (th->joinable()) th->join();
}

} // namespace tl::service
