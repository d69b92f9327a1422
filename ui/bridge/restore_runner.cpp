#include "bridge/restore_runner.h"

#include <QDateTime>
#include <QMetaObject>

#include "bridge/service_restore.h"
#include "bridge/task_board.h"
#include "common/log.h"

namespace tl::ui {

namespace {
double now_unix() {
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1e3;
}

const char* rank_order[] = {"completed", "warnings", "partial", "cancelled", "failed"};
} // namespace

int restoreStatusRank(const QString& s) {
    for (int i = 0; i < 5; ++i)
        if (s == QLatin1String(rank_order[i])) return i;
    return 4;
}

RestoreRunner::RestoreRunner(DoorAddress door, QObject* parent)
    : QObject(parent), door_(std::move(door)) {}

RestoreRunner::~RestoreRunner() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
}

// The restore job being followed (a batch runs its restores one after the other).
RestoreProgress RestoreRunner::progress() const {
    RestoreProgress p;
    if (!running_) return p;
    std::optional<metrics::LiveSnapshot> live;
    {
        std::lock_guard lock(liveMutex_);
        live = live_;
    }
    if (!live || live->ended) return p;
    const metrics::LiveSnapshot* job = &*live;
    p.known = true;
    p.jobId = job->job_id;
    p.waiting = job->status == "waiting";
    p.waitingFor = QString::fromStdString(job->waiting_for);
    p.waitedSeconds = p.waiting ? qMax(0.0, now_unix() - job->started_at) : job->seconds_waiting;
    p.bytesToRead = qint64(job->total_bytes);
    for (const auto& d : job->drives)
        p.bytesRead += qint64(d.bytes);
    return p;
}

bool RestoreRunner::plan(const std::vector<job::RestoreOptions>& runs, QString* error) {
    return launch(runs, false, error);
}

bool RestoreRunner::start(const std::vector<job::RestoreOptions>& runs, QString* error,
                          const std::vector<std::string>& clients) {
    return launch(runs, true, error, clients);
}

bool RestoreRunner::launch(const std::vector<job::RestoreOptions>& runs, bool run, QString* error,
                           const std::vector<std::string>& clients) {
    if (running_) {
        if (error) *error = tr("A restore is already running; wait for it or cancel it.");
        return false;
    }
    if (runs.empty()) {
        if (error) *error = tr("Nothing is selected to restore.");
        return false;
    }
    task_ = 0;
    if (board_ && run &&
        !(task_ = board_->begin(tr("Restore"), TaskKind::Job, error, QStringLiteral("restore"))))
        return false;
    if (thread_.joinable()) thread_.join();
    running_ = true;
    cancel_ = false;
    if (task_) board_->setCanceller(task_, [this] { cancel_ = true; });
    {
        std::lock_guard lock(liveMutex_);
        live_.reset();
    }
    thread_ = std::thread([this, runs, run, clients, task = task_]() mutable {
        auto plan = planAll(runs, clients);
        // A plan naming missing keys runs nothing: the page asks for the key, then starts again.
        if (run && !plan.missingKeys.isEmpty()) run = false;
        if (run)
            QMetaObject::invokeMethod(
                this, [this, plan] { Q_EMIT planned(plan); }, Qt::QueuedConnection);
        RestoreSummary result;
        if (!run) {
        } else if (!plan.ok) {
            result.status = QStringLiteral("failed");
            result.message = plan.error;
        } else {
            // The service checks the media itself (and records a refusal, as for the CLI).
            result = restoreThroughService(door_, runs, cancel_, clients,
                                           [this](const metrics::LiveSnapshot& s) {
                                               std::lock_guard lock(liveMutex_);
                                               live_ = s;
                                           });
        }
        if (run) log::get("ui")->info("restore ended: {}", result.status.toStdString());
        if (task) board_->end(task);
        QMetaObject::invokeMethod(
            this,
            [this, result, plan, run] {
                running_ = false;
                if (run)
                    Q_EMIT finished(result);
                else
                    Q_EMIT planned(plan);
            },
            Qt::QueuedConnection);
    });
    return true;
}

RestorePlanSummary RestoreRunner::planAll(const std::vector<job::RestoreOptions>& runs,
                                          const std::vector<std::string>& clients) {
    RestorePlanSummary s;
    s.ok = true;
    auto toQ = [](const std::string& t) { return QString::fromStdString(t); };
    for (std::size_t i = 0; i < runs.size(); ++i) {
        auto request = client::restore_request(runs[i], i < clients.size() ? clients[i] : "");
        request.report_missing_keys = true; // the page asks for them
        auto p = readService<job::RestorePlan>(
            door_, "restore plan", [&](client::Api& api) { return api.plan_restore(request); });
        if (!p) {
            s.ok = false;
            s.error = toQ(p.error().message);
            return s;
        }
        s.files += qint64(p->files);
        s.bytesWanted += qint64(p->bytes_wanted);
        s.bytesToRead += qint64(p->bytes_to_read);
        s.seconds += p->estimated_seconds;
        s.rateMeasured = p->rate_measured;
        for (const auto& v : p->volumes)
            s.volumes.push_back({toQ(v.barcode), toQ(v.location), v.in_library, qint64(v.blocks)});
        for (const auto& m : p->missing)
            if (!s.missing.contains(toQ(m))) s.missing << toQ(m);
        for (const auto& k : p->missing_keys)
            if (!s.missingKeys.contains(toQ(k))) s.missingKeys << toQ(k);
    }
    return s;
}

} // namespace tl::ui
