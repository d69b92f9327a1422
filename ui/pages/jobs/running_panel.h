#pragma once
// The Running tab of the Jobs page (BAT's Running Jobs): the jobs running on this data
// directory with their progress, and Cancel (confirmed). A job of this console is stopped
// through its own task on the TaskBoard (its cancel flag: it ends "cancelled"; the others go
// on); a job of the scheduler service through its queue entry, as `tapeloom-cli queue cancel`
// does; a job of another `tapeloom-cli` process is named with its pid, to be stopped there.
// The table reads the LiveBoard every second while shown. GUI thread only.
#include <QWidget>
#include <functional>

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
    RunningPanel(const QString& home, const QString& catalogPath, TaskBoard& board,
                 QWidget* parent = nullptr);

    bool refresh(QString* error = nullptr);
    // Cancels the selected job after confirmation; false (and a message) otherwise.
    bool cancelSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    RunningTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QPushButton* cancelButton() const { return cancel_; }

Q_SIGNALS:
    void message(const QString& text, bool error);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void cancelServiceJob(qint64 jobId, const QString& definition);

    QString home_, catalogPath_;
    TaskBoard& board_;
    RunningTableModel* model_;
    QTableView* table_;
    QLabel* hint_;
    QPushButton* cancel_;
    QTimer* timer_;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
