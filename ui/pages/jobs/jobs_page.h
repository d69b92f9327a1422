#pragma once
// The Jobs page (issue #7): job definitions (list; New / Edit / Duplicate / Remove through a
// dialog with inline validation), their schedules (rule editor with the next runs), the queue
// (the scheduler service's entries and the console's own runs; Cancel), the running jobs with
// their progress (BAT's Running Jobs; a Cancel per job) and the job history (filter by
// status, level and date; Enter or double-click opens the job's report; a backup's menu
// verifies or clones it through the service, HistoryActions). Run now starts the
// selected definition at a level on a worker thread as a task of the TaskBoard, beside the
// other jobs. The page is given a ConsoleContext (the service's typed door and the clock), no
// Engine and no catalog: every write goes through the typed door, as `tapeloom-cli
// job|schedule|queue` does, on a worker thread (runCatalogTask: a definition or schedule is
// saved while jobs run), and every tab reads through it on worker threads (definitions,
// schedules, the dialog's pools and libraries, the queue, the running jobs, the history), so a
// console connected to a remote service shows the same page. A refusal, or a service that does
// not answer, is reported in the page's status line, never in a pop-up. Shortcuts (while the page
// has focus): Ctrl+N new, Return edit, Delete remove (in the definitions table), Ctrl+R run now.
// GUI thread only.
#include <QWidget>
#include <functional>

#include "bridge/console_context.h"
#include "client/definitions.h"
#include "common/result.h"
#include "schedule/job_definition.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;

namespace tl::ui {

class EmptyHint;

class DefinitionDialog;
class DefinitionRunner;
class DefinitionTableModel;
class TaskBoard;
class HistoryActions;
class HistoryPanel;
class QueuePanel;
class RunningPanel;
class SchedulePanel;

class JobsPage final : public QWidget {
    Q_OBJECT
public:
    enum Tab { DefinitionsTab, SchedulesTab, RunningTab, QueueTab, HistoryTab };
    JobsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);
    ~JobsPage() override;

    // Destructive actions ask this (default: QMessageBox::question); tests answer it.
    void setConfirm(std::function<bool(const QString& question)> confirm);
    // Reloads every tab (also on show, and every 2 s for the visible tab).
    void refresh();

    // Open the definition dialog (window-modal, not blocking) and return it; OK stores the
    // definition. nullptr (and a status message) when there is no selection.
    DefinitionDialog* newDefinition();
    DefinitionDialog* editSelected();
    DefinitionDialog* duplicateSelected();
    bool removeSelected(); // after confirmation
    bool runNow();         // the selected definition at level()
    bool selectDefinition(const QString& name);
    QString selectedName() const;        // empty when none
    void setLevel(const QString& level); // full | diff | incr
    QString level() const;

    DefinitionDialog* dialog() const { return dialog_; } // the open dialog, if any
    DefinitionTableModel* definitionsModel() const { return definitions_; }
    QTableView* definitionsTable() const { return table_; }
    EmptyHint* emptyHint() const { return hint_; }
    SchedulePanel* schedulePanel() const { return schedules_; }
    QueuePanel* queuePanel() const { return queue_; }
    RunningPanel* runningPanel() const { return running_; }
    HistoryPanel* historyPanel() const { return history_; }
    HistoryActions* historyActions() const { return historyActions_; }
    DefinitionRunner* runner() const { return runner_; }
    QTabWidget* tabs() const { return tabs_; }
    QString statusText() const;

Q_SIGNALS:
    void openReport(qint64 jobId);        // show that job in the Reports page
    void jobStarted(const QString& name); // Run now started (show the Dashboard)
    void jobFinished(qint64 jobId, const QString& status);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    QWidget* buildDefinitionsTab();
    void createActions();
    DefinitionDialog* openDialog(const schedule::JobDefinition& start, bool editing);
    bool save(const schedule::JobDefinition& d, bool editing, QString* whyNot);
    void refreshDefinitions();
    // Reads the definitions from the service on a worker thread, shows them (selecting `select`
    // when given, else keeping the selection), then runs `then`.
    void loadDefinitions(const QString& select, std::function<void()> then);
    void showDefinitions(const Result<std::vector<client::Definition>>& read,
                         const QString& select);
    // Reads the service's pools and libraries for the dialog open now (and the defaults of the
    // next New…) on a worker thread.
    void loadChoices();
    void refreshTab(int tab);
    void report(const QString& text, bool error);
    const schedule::JobDefinition* selected() const;

    ConsoleContext ctx_;
    TaskBoard& board_;
    QStringList pools_; // the service's pools as last read (the defaults of New…)
    DefinitionRunner* runner_;
    DefinitionTableModel* definitions_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_ = nullptr;
    EmptyHint* hint_ = nullptr; // what to do first, while there is no definition
    QComboBox* level_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QTabWidget* tabs_;
    SchedulePanel* schedules_;
    RunningPanel* running_;
    QueuePanel* queue_;
    HistoryPanel* history_;
    HistoryActions* historyActions_;
    QLabel* status_;
    QTimer* timer_;
    DefinitionDialog* dialog_ = nullptr;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
