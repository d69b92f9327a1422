#include "bridge/task_board.h"

#include <QDateTime>
#include <QMetaObject>
#include <QStringList>
#include <algorithm>
#include <chrono>
#include <memory>

namespace tl::ui {

TaskBoard::TaskBoard(QObject* parent) : QObject(parent) {}

TaskBoard::~TaskBoard() {
    waitReadsDone(60000);
}

QString TaskBoard::refusal(const QString& name, TaskKind kind) const {
    QStringList jobs;
    for (const auto& t : tasks_) {
        if (t.kind == TaskKind::Exclusive)
            return tr("%1 runs alone; try again when it has ended.").arg(t.name);
        jobs << t.name;
    }
    if (kind == TaskKind::Job || jobs.isEmpty()) return {};
    if (jobs.size() == 1)
        return tr("%1 cannot run while %2 runs; try again when it has ended.")
            .arg(name, jobs.front());
    return tr("%1 cannot run while these jobs run: %2; try again when they have ended.")
        .arg(name, jobs.join(QStringLiteral(", ")));
}

qint64 TaskBoard::begin(const QString& name, TaskKind kind, QString* whyNot,
                        const QString& jobKind) {
    qint64 id = 0;
    {
        std::lock_guard lock(mutex_);
        if (QString why = refusal(name, kind); !why.isEmpty()) {
            if (whyNot) *whyNot = why;
            return 0;
        }
        BoardTask t;
        t.id = id = nextId_++;
        t.name = name.isEmpty() ? tr("A job") : name;
        t.kind = kind;
        t.jobKind = jobKind;
        t.startedAt = QDateTime::currentSecsSinceEpoch();
        tasks_.push_back(std::move(t));
    }
    notify();
    return id;
}

void TaskBoard::end(qint64 id) {
    // Everything under the lock: a window waiting for its last task (waitIdle) may destroy
    // the board as soon as the lock is free, so nothing may touch it after that.
    std::lock_guard lock(mutex_);
    std::erase_if(tasks_, [id](const BoardTask& t) { return t.id == id; });
    std::erase_if(cancellers_, [id](const auto& c) { return c.first == id; });
    notify(); // queued: runs on the GUI thread later, never while this lock is held
    freed_.notify_all();
}

void TaskBoard::setCanceller(qint64 id, std::function<void()> cancel) {
    {
        std::lock_guard lock(mutex_);
        auto t = std::find_if(tasks_.begin(), tasks_.end(),
                              [id](const BoardTask& x) { return x.id == id; });
        if (t == tasks_.end() || !cancel) return;
        t->cancellable = true;
        cancellers_.emplace_back(id, std::move(cancel));
    }
    notify();
}

void TaskBoard::setJobId(qint64 id, qint64 jobId) {
    std::lock_guard lock(mutex_);
    for (auto& t : tasks_)
        if (t.id == id) t.jobId = jobId;
}

void TaskBoard::setQueueId(qint64 id, qint64 queueId) {
    std::lock_guard lock(mutex_);
    for (auto& t : tasks_)
        if (t.id == id) t.queueId = queueId;
}

bool TaskBoard::busy() const {
    std::lock_guard lock(mutex_);
    return !tasks_.empty();
}

int TaskBoard::count() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(tasks_.size());
}

std::vector<BoardTask> TaskBoard::tasks() const {
    std::lock_guard lock(mutex_);
    return tasks_;
}

bool TaskBoard::isRunning(qint64 id) const {
    std::lock_guard lock(mutex_);
    return std::any_of(tasks_.begin(), tasks_.end(), [id](const auto& t) { return t.id == id; });
}

QString TaskBoard::summary() const {
    QStringList names;
    for (const auto& t : tasks())
        names << t.name;
    return names.join(QStringLiteral(", "));
}

QString TaskBoard::statusLine() const {
    const auto all = tasks();
    if (all.empty()) return {};
    if (all.size() == 1) return tr("Running: %1").arg(all.front().name);
    return tr("Running: %1 jobs — %2").arg(all.size()).arg(summary());
}

bool TaskBoard::cancel(qint64 id) {
    std::function<void()> stop;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [task, c] : cancellers_)
            if (task == id) stop = c;
    }
    if (!stop) return false;
    stop();
    return true;
}

int TaskBoard::cancelAll() {
    int asked = 0;
    for (const auto& t : tasks())
        if (cancel(t.id)) ++asked;
    return asked;
}

bool TaskBoard::allCancellable() const {
    std::lock_guard lock(mutex_);
    return std::all_of(tasks_.begin(), tasks_.end(), [](const auto& t) { return t.cancellable; });
}

qint64 TaskBoard::taskForJob(qint64 jobId, const QString& jobKind) const {
    std::lock_guard lock(mutex_);
    qint64 unknown = 0;
    int candidates = 0;
    for (const auto& t : tasks_) {
        if (!t.cancellable) continue;
        if (jobId > 0 && t.jobId == jobId) return t.id;
        if (t.jobId == 0 && t.jobKind == jobKind) {
            unknown = t.id;
            ++candidates;
        }
    }
    return candidates == 1 ? unknown : 0;
}

bool TaskBoard::waitUntilIdle(int timeoutMs) {
    std::unique_lock lock(mutex_);
    return freed_.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                           [this] { return tasks_.empty(); });
}

void TaskBoard::whenIdle(QObject* context, std::function<void()> then) {
    if (!busy()) {
        QMetaObject::invokeMethod(context, std::move(then), Qt::QueuedConnection);
        return;
    }
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &TaskBoard::changed, context,
                    [once, then = std::move(then)](int running, const QString&) {
                        if (running > 0) return;
                        QObject::disconnect(*once);
                        then();
                    });
}

void TaskBoard::clearWhenEnded(QObject* context, const QString& text, std::function<void()> clear) {
    std::vector<qint64> named;
    for (const auto& t : tasks())
        if (text.contains(t.name)) named.push_back(t.id);
    if (named.empty()) return;
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &TaskBoard::changed, context,
                    [this, once, named, clear = std::move(clear)](int, const QString&) {
                        for (qint64 id : named)
                            if (isRunning(id)) return;
                        QObject::disconnect(*once);
                        clear();
                    });
}

void TaskBoard::readStarted() {
    std::lock_guard lock(mutex_);
    ++reads_;
}

void TaskBoard::readEnded() {
    std::lock_guard lock(mutex_); // as end(): the board may be destroyed once it is free
    --reads_;
    freed_.notify_all();
}

bool TaskBoard::waitReadsDone(int timeoutMs) {
    std::unique_lock lock(mutex_);
    return freed_.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                           [this] { return reads_ == 0; });
}

void TaskBoard::notify() {
    QMetaObject::invokeMethod(
        this,
        [this] {
            const auto line = statusLine();
            Q_EMIT changed(count(), line);
        },
        Qt::QueuedConnection);
}

} // namespace tl::ui
