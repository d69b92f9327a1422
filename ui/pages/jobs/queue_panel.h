#pragma once
// The Queue tab of the Jobs page: the scheduler service's waiting and running jobs and the
// console's own runs (Run now from this page, and every task on the TaskBoard: Back up now, a
// restore, a labeling), with Cancel (confirmed); a row is preselected so Cancel is ready. The
// queue and what its running jobs wait for are read through the service's typed door (GET
// /v1/queue, GET /v1/live) on a worker thread; when the service cannot answer, the panel says
// so with the service's words and message() reports it. The console's runs are stopped through
// their cancel flags; a service entry is cancelled as `tapeloom-cli queue cancel` does it,
// through the typed door (POST /v1/queue/{id}/cancel, a request the service acts on at its next
// tick) on a worker thread and not onto the TaskBoard, so a queued run can be cancelled while a
// job runs. GUI thread only.
#include <QWidget>
#include <functional>

#include "bridge/console_context.h"
#include "pages/jobs/served_queue.h"

class QLabel;
class QPushButton;
class QTableView;

namespace tl::ui {

class DefinitionRunner;
class TaskBoard;
class QueueTableModel;

class QueuePanel final : public QWidget {
    Q_OBJECT
public:
    QueuePanel(const ConsoleContext& ctx, DefinitionRunner* runner, TaskBoard* board,
               QWidget* parent = nullptr);

    // Reads the queue through the typed door on a worker thread (one read at a time; a refresh
    // asked meanwhile reads again after it), then shows it and emits loaded().
    void refresh();
    // Cancels the selected entry after confirmation; false (and a message) otherwise.
    bool cancelSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    QueueTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QPushButton* cancelButton() const { return cancel_; }
    QLabel* serviceLine() const { return service_; }

Q_SIGNALS:
    void message(const QString& text, bool error);
    // A read ended: `error` is "" when the table shows the service's queue as of now.
    void loaded(const QString& error);

private:
    void showRead(const Result<ServedQueue>& read);

    ConsoleContext ctx_;
    DefinitionRunner* runner_;
    TaskBoard* board_;
    QueueTableModel* model_;
    QTableView* table_;
    QLabel* service_;
    QPushButton* cancel_;
    std::function<bool(const QString&)> confirm_;
    QString lastError_; // the read's error last said, "" after a read that answered
    bool reading_ = false, reread_ = false;
};

} // namespace tl::ui
