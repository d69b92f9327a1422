#include "pages/jobs/running_panel.h"

#include <QApplication>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyleOption>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/running_table_model.h"
#include "schedule/service_lock.h"

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
} // namespace

RunningPanel::RunningPanel(const QString& home, const QString& catalogPath, TaskBoard& board,
                           QWidget* parent)
    : QWidget(parent), home_(home), catalogPath_(catalogPath), board_(board),
      model_(new RunningTableModel(home, this)), table_(new QTableView(this)),
      hint_(new QLabel(this)), cancel_(new QPushButton(tr("&Cancel job…"), this)),
      timer_(new QTimer(this)) {
    table_->setModel(model_);
    setUpTable(table_, QStringLiteral("jobsPage/runningHeader"), tr("Running jobs"));
    table_->setSortingEnabled(false); // oldest job first
    table_->setItemDelegateForColumn(RunningTableModel::Progress, new ProgressDelegate(table_));
    hint_->setText(tr("Jobs running on this data directory: this console's, the scheduler "
                      "service's and those of tapeloom-cli. Progress is measured against the "
                      "last run of the same sources."));
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

bool RunningPanel::refresh(QString* error) {
    const int row = table_->currentIndex().row();
    const qint64 id = row >= 0 && row < model_->rowCount() ? model_->job(row).job_id : -1;
    auto st = model_->refresh(static_cast<long>(QCoreApplication::applicationPid()),
                              schedule::service_holder(home_.toStdString()));
    fitColumnsOnce(table_);
    int select = model_->rowCount() > 0 ? 0 : -1; // one job runs most of the time: preselect it
    for (int r = 0; id >= 0 && r < model_->rowCount(); ++r)
        if (model_->job(r).job_id == id) select = r;
    if (select >= 0 && table_->currentIndex().row() != select)
        table_->setCurrentIndex(model_->index(select, 0));
    cancel_->setEnabled(table_->currentIndex().isValid());
    if (!st) {
        if (error) *error = QString::fromStdString(st.error().message);
        return false;
    }
    return true;
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
    if (owner == RunningTableModel::Owner::Service) {
        cancelServiceJob(id, name);
        return true;
    }
    const qint64 task = board_.taskForJob(id, QString::fromStdString(job.kind));
    const bool ok = task && board_.cancel(task);
    Q_EMIT message(ok ? tr("Cancelling job %1…").arg(id)
                      : tr("Job %1 cannot be cancelled from here.").arg(id),
                   !ok);
    return ok;
}

void RunningPanel::cancelServiceJob(qint64 jobId, const QString& definition) {
    const std::string path = catalogPath_.toStdString(), home = home_.toStdString();
    const std::string def = definition.toStdString();
    runBackgroundRead(&board_, this, [this, path, home, def, jobId]() -> GuiContinuation {
        const QString error = cancelRunningDefinition(path, home, def); // values only
        if (!error.isEmpty())
            log::get("ui")->error("cancel job {}: {}", jobId, error.toStdString());
        return [this, error, jobId] {
            Q_EMIT message(error.isEmpty() ? tr("Cancel requested for job %1.").arg(jobId)
                                           : tr("Cannot cancel job %1: %2").arg(jobId).arg(error),
                           !error.isEmpty());
        };
    });
}

} // namespace tl::ui
