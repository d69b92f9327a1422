#pragma once
// The Running tab of the Jobs page (BAT's Running Jobs): the jobs running on the service's data
// directory with their progress, and Cancel (confirmed). A job of the service is stopped
// through the typed door: its queue entry, as `tapeloom-cli queue cancel` does, or the job the
// API started (a restore, a verify, a clone); it ends "cancelled" and the others go on. A job of
// another `tapeloom-cli` process is named with its pid, to be stopped there. The table reads
// the live jobs through the typed door (GET /v1/live) on a worker thread every second while
// shown; when the service cannot answer, the panel says so. GUI thread only.
#include <QWidget>
#include <functional>

#include "bridge/console_context.h"
#include "client/live_jobs.h"

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace tl::ui {

class TaskBoard;
class RunningTableModel;

class RunningPanel final : public QWidget {
    Q_OBJECT
public:
    RunningPanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);

    // Reads the live jobs on a worker thread (one read at a time), then shows them and emits
    // loaded().
    void refresh();
    // Cancels the selected job after confirmation; false (and a message) otherwise.
    bool cancelSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    RunningTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QPushButton* cancelButton() const { return cancel_; }
    QLabel* hint() const { return hint_; }

Q_SIGNALS:
    void message(const QString& text, bool error);
    // A read ended: `error` is "" when the table shows the running jobs as of now.
    void loaded(const QString& error);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void showRead(const Result<client::LiveJobs>& read);
    void cancelServiceJob(qint64 jobId, const QString& definition);

    ConsoleContext ctx_;
    TaskBoard& board_;
    RunningTableModel* model_;
    QTableView* table_;
    QLabel* hint_;
    QPushButton* cancel_;
    QTimer* timer_;
    std::function<bool(const QString&)> confirm_;
    QString lastError_; // the read's error last said, "" after a read that answered
    bool reading_ = false;
};

} // namespace tl::ui
