#include "pages/jobs/queue_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <map>
#include <memory>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "pages/jobs/definition_runner.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/queue_table_model.h"

namespace tl::ui {

namespace {
// The console's runs on the board that the service's queue does not list: Back up now, a
// restore, a labeling… (Run now from this page is the runner's entry, with its level).
std::vector<schedule::QueueEntry> board_runs(const TaskBoard* board, qint64 skip) {
    std::vector<schedule::QueueEntry> runs;
    if (!board) return runs;
    for (const auto& t : board->tasks()) {
        if (t.queueId || t.id == skip) continue;
        schedule::QueueEntry e;
        e.id = -t.id;
        e.definition = t.name.toStdString();
        e.reason = "manual";
        e.state = schedule::QueueEntry::State::Running;
        e.started = t.startedAt;
        runs.push_back(std::move(e));
    }
    return runs;
}

// Why the running entries wait, from the waiting jobs' live snapshots (GET /v1/live): a console
// run by its task's job (its id once known, else a waiting job of its kind the service runs), a
// service entry by its definition (the job's name).
std::map<std::int64_t, QString> entry_waits(const client::LiveJobs& live, const TaskBoard* board,
                                            const QueueTableModel& model) {
    std::map<std::int64_t, QString> out;
    std::vector<metrics::LiveSnapshot> waiting;
    for (const auto& s : live.jobs)
        if (!s.ended && s.status == "waiting") waiting.push_back(s);
    auto take = [&](auto&& match) -> QString {
        for (auto it = waiting.begin(); it != waiting.end(); ++it)
            if (match(*it)) {
                QString why = QString::fromStdString(it->waiting_for);
                waiting.erase(it);
                return why;
            }
        return {};
    };
    const long servicePid = live.service_pid;
    if (board)
        for (const auto& t : board->tasks()) {
            QString why = t.jobId ? take([&](const auto& s) { return s.job_id == t.jobId; })
                                  : take([&](const auto& s) {
                                        return s.pid == servicePid &&
                                               QString::fromStdString(s.kind) == t.jobKind;
                                    });
            if (!why.isEmpty()) out[-t.id] = why;
        }
    for (int r = 0; r < model.rowCount(); ++r) {
        const auto& e = model.entry(r);
        if (e.id <= 0) continue;
        QString why = take([&](const auto& s) {
            return s.pid == servicePid && s.name == e.definition && s.kind == "backup";
        });
        if (!why.isEmpty()) out[e.id] = why;
    }
    return out;
}
} // namespace

QueuePanel::QueuePanel(const ConsoleContext& ctx, DefinitionRunner* runner, TaskBoard* board,
                       QWidget* parent)
    : QWidget(parent), ctx_(ctx), runner_(runner), board_(board), model_(new QueueTableModel(this)),
      table_(new QTableView(this)), service_(new QLabel(this)),
      cancel_(new QPushButton(tr("&Cancel job…"), this)) {
    table_->setModel(model_);
    setUpTable(table_, QStringLiteral("jobsPage/queueHeader"), tr("Queue"));
    table_->setSortingEnabled(false); // the local run first, then the service's order
    cancel_->setAccessibleName(tr("Cancel the selected queued or running job"));
    cancel_->setEnabled(false);
    service_->setAccessibleName(tr("Scheduler service"));
    service_->setWordWrap(true);
    auto* bar = new QHBoxLayout;
    bar->addWidget(service_, 1);
    bar->addWidget(cancel_);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(table_, 1);
    connect(cancel_, &QPushButton::clicked, this, &QueuePanel::cancelSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) { cancel_->setEnabled(i.isValid()); });
}

void QueuePanel::refresh() {
    if (reading_) {
        reread_ = true; // the read under way may have asked before a change
        return;
    }
    reading_ = true;
    reread_ = false;
    runBackgroundRead(board_, this, [door = ctx_.door, this]() -> GuiContinuation {
        auto read = std::make_shared<Result<ServedQueue>>(readQueue(door)); // values only
        return [this, read] {
            reading_ = false;
            showRead(*read);
            if (reread_) refresh();
        };
    });
}

void QueuePanel::showRead(const Result<ServedQueue>& read) {
    if (!read) { // the rows shown stay, said to be of before
        const QString error = QString::fromStdString(read.error().message);
        service_->setText(tr("Scheduler service: cannot be read (%1); the table shows the queue "
                             "as last read.")
                              .arg(error));
        if (error != lastError_) // said once while the service stays away
            Q_EMIT message(tr("Cannot read the queue: %1").arg(error), true);
        lastError_ = error;
        Q_EMIT loaded(error);
        return;
    }
    lastError_.clear();
    const int row = table_->currentIndex().row();
    const qint64 id = row >= 0 && row < model_->rowCount() ? model_->entry(row).id : -1;
    model_->setServiceQueue(read->queue);
    // A scheduled run of this console is on the board too, but the service's queue lists it.
    auto local = board_runs(board_, runner_->task());
    // This page's Run now until the service's queue lists it: the POST that queues it answers
    // after the entry is in the catalog, so a refresh between the two would show it twice.
    if (auto own = runner_->entry(); own && !model_->servicePending(own->definition))
        local.insert(local.begin(), *own);
    model_->setLocalRuns(std::move(local));
    model_->setWaits(entry_waits(read->live, board_, *model_));
    service_->setText(tr("Scheduler service: running (pid %1).").arg(model_->servicePid()));
    fitColumnsOnce(table_);
    int select = model_->rowCount() > 0 ? 0 : -1; // preselected: Cancel is ready
    for (int r = 0; id >= 0 && r < model_->rowCount(); ++r)
        if (model_->entry(r).id == id) select = r;
    if (select >= 0) table_->setCurrentIndex(model_->index(select, 0));
    cancel_->setEnabled(table_->currentIndex().isValid());
    Q_EMIT loaded(QString());
}

bool QueuePanel::cancelSelected() {
    const int row = table_->currentIndex().row();
    if (row < 0 || row >= model_->rowCount()) {
        Q_EMIT message(tr("Select a job in the queue to cancel."), true);
        return false;
    }
    const auto e = model_->entry(row);
    const QString name = QString::fromStdString(e.definition);
    if (confirm_ && !confirm_(tr("Cancel job %1 (%2)?").arg(name, QString::fromStdString(e.level))))
        return false;
    if (e.id <= 0) { // the console's own run: this page's Run now, or another task on the board
        const qint64 task = -e.id;
        const bool ok =
            task == runner_->task() ? runner_->cancel() : board_ && board_->cancel(task);
        const bool ended = !board_ || !board_->isRunning(task);
        Q_EMIT message(ok      ? tr("Cancelling %1…").arg(name)
                       : ended ? tr("%1 has already ended.").arg(name)
                               : tr("%1 cannot be stopped halfway; it ends by itself.").arg(name),
                       !ok);
        refresh();
        return ok;
    }
    const std::int64_t id = e.id;
    runBackgroundRead(board_, this, [this, door = ctx_.door, id, name]() -> GuiContinuation {
        const QString error = cancelQueueEntry(door, id); // values only; logged there
        return [this, error, id, name] {
            Q_EMIT message(error.isEmpty()
                               ? tr("Cancel requested for %1 (queue entry %2).").arg(name).arg(id)
                               : tr("Cannot cancel queue entry %1: %2").arg(id).arg(error),
                           !error.isEmpty());
            refresh();
        };
    });
    return true;
}

} // namespace tl::ui
