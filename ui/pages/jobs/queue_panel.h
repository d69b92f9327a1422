#pragma once
// The Queue tab of the Jobs page: the scheduler service's waiting and running jobs and the
// console's own runs (Run now from this page, and every task on the TaskBoard: Back up now, a
// restore, a labeling), with Cancel (confirmed); a row is preselected so Cancel is ready. The
// console's runs are stopped through their cancel flags; a service entry is cancelled as
// `tapeloom-cli queue cancel` does it, through the service's typed door (POST
// /v1/queue/{id}/cancel, a request the service acts on at its next tick) on a worker thread and
// not onto the TaskBoard, so a queued run can be cancelled while a job runs. GUI thread only.
#include <QWidget>
#include <functional>

class QLabel;
class QPushButton;
class QTableView;

namespace tl::ui {

class DefinitionRunner;
class TaskBoard;
class QueueTableModel;

// `queue cancel` for the running entry of definition `definition`: asks the service to stop it.
// Opens its own connection (call it on a worker thread); the error text, or "" when done.
QString cancelRunningDefinition(const std::string& catalogPath, const std::string& home,
                                const std::string& definition);

class QueuePanel final : public QWidget {
    Q_OBJECT
public:
    QueuePanel(const QString& catalogPath, DefinitionRunner* runner, TaskBoard* board,
               QWidget* parent = nullptr);

    bool refresh(QString* error = nullptr);
    // Cancels the selected entry after confirmation; false (and a message) otherwise.
    bool cancelSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    QueueTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QPushButton* cancelButton() const { return cancel_; }

Q_SIGNALS:
    void message(const QString& text, bool error);

private:
    QString catalogPath_;
    DefinitionRunner* runner_;
    TaskBoard* board_;
    QueueTableModel* model_;
    QTableView* table_;
    QLabel* service_;
    QPushButton* cancel_;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
