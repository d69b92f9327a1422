#include "pages/jobs/running_panel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyleOption>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <memory>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/running_table_model.h"
#include "pages/jobs/served_queue.h"

namespace tl::ui {

namespace {
// The Progress column as a bar (the percent in Qt::UserRole, -1 unknown: text only).
class ProgressDelegate final : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        const int pct = index.data(Qt::UserRole).toInt();
        if (pct < 0) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(2, 2, -2, -2);
        bar.minimum = 0;
        bar.maximum = 100;
        bar.progress = pct;
        bar.text = index.data().toString();
        bar.textVisible = true;
        bar.state = option.state | QStyle::State_Horizontal;
        QApplication::style()->drawControl(QStyle::CE_ProgressBar, &bar, painter);
    }
};
QString hintText() {
    return RunningPanel::tr("Jobs running on the service's data directory: the scheduler "
                            "service's and those of tapeloom-cli. Progress is measured against "
                            "the last run of the same sources.");
}
} // namespace

RunningPanel::RunningPanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), ctx_(ctx), board_(board), model_(new RunningTableModel(this)),
      table_(new QTableView(this)), hint_(new QLabel(this)),
      cancel_(new QPushButton(tr("&Cancel job…"), this)), timer_(new QTimer(this)) {
    table_->setModel(model_);
    setUpTable(table_, QStringLiteral("jobsPage/runningHeader"), tr("Running jobs"));
    table_->setSortingEnabled(false); // oldest job first
    table_->setItemDelegateForColumn(RunningTableModel::Progress, new ProgressDelegate(table_));
    hint_->setText(hintText());
    hint_->setWordWrap(true);
    cancel_->setAccessibleName(tr("Cancel the selected running job"));
    cancel_->setEnabled(false);
    auto* bar = new QHBoxLayout;
    bar->addWidget(hint_, 1);
    bar->addWidget(cancel_, 0, Qt::AlignTop);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(table_, 1);
    connect(cancel_, &QPushButton::clicked, this, &RunningPanel::cancelSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) { cancel_->setEnabled(i.isValid()); });
    timer_->setInterval(1000);
    connect(timer_, &QTimer::timeout, this, [this] { refresh(); });
}

void RunningPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    timer_->start();
}

void RunningPanel::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    timer_->stop();
}

void RunningPanel::refresh() {
    if (reading_) return; // the next tick reads again
    reading_ = true;
    runBackgroundRead(&board_, this, [door = ctx_.door, this]() -> GuiContinuation {
        auto read = std::make_shared<Result<client::LiveJobs>>(readLiveJobs(door)); // values only
        return [this, read] {
            reading_ = false;
            showRead(*read);
        };
    });
}

void RunningPanel::showRead(const Result<client::LiveJobs>& read) {
    if (!read) { // the rows shown stay, said to be of before
        const QString error = QString::fromStdString(read.error().message);
        hint_->setText(tr("Cannot read the running jobs from the service (%1); the table shows "
                          "them as last read.")
                           .arg(error));
        if (error != lastError_) // said once while the service stays away
            Q_EMIT message(tr("Cannot read the running jobs: %1").arg(error), true);
        lastError_ = error;
        Q_EMIT loaded(error);
        return;
    }
    lastError_.clear();
    hint_->setText(hintText());
    const int row = table_->currentIndex().row();
    const qint64 id = row >= 0 && row < model_->rowCount() ? model_->job(row).job_id : -1;
    model_->setJobs(read.value());
    fitColumnsOnce(table_);
    int select = model_->rowCount() > 0 ? 0 : -1; // one job runs most of the time: preselect it
    for (int r = 0; id >= 0 && r < model_->rowCount(); ++r)
        if (model_->job(r).job_id == id) select = r;
    if (select >= 0 && table_->currentIndex().row() != select)
        table_->setCurrentIndex(model_->index(select, 0));
    cancel_->setEnabled(table_->currentIndex().isValid());
    Q_EMIT loaded(QString());
}

bool RunningPanel::cancelSelected() {
    const int row = table_->currentIndex().row();
    if (row < 0 || row >= model_->rowCount()) {
        Q_EMIT message(tr("Select a running job to cancel."), true);
        return false;
    }
    const auto& job = model_->job(row);
    const qint64 id = job.job_id;
    const QString name = QString::fromStdString(job.name);
    const auto owner = model_->owner(row);
    if (owner == RunningTableModel::Owner::OtherProcess) {
        Q_EMIT message(
            tr("Job %1 runs in process %2 (tapeloom-cli): stop it there.").arg(id).arg(job.pid),
            true);
        return false;
    }
    if (confirm_ && !confirm_(tr("Cancel job %1? It ends as “cancelled”: what it has not "
                                 "written yet is not backed up.")
                                  .arg(id)))
        return false;
    cancelServiceJob(id, name);
    return true;
}

void RunningPanel::cancelServiceJob(qint64 jobId, const QString& definition) {
    runBackgroundRead(
        &board_, this,
        [this, door = ctx_.door, def = definition.toStdString(), jobId]() -> GuiContinuation {
            const QString error = cancelRunningJob(door, def, jobId); // logged there
            return [this, error, jobId] {
                Q_EMIT message(error.isEmpty()
                                   ? tr("Cancel requested for job %1.").arg(jobId)
                                   : tr("Cannot cancel job %1: %2").arg(jobId).arg(error),
                               !error.isEmpty());
                refresh();
            };
        });
}

} // namespace tl::ui
