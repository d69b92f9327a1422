#pragma once
// The Restore page (issue #7): choose what to restore from (a backup job, or a source as of a
// time), browse that point in time lazily and tick files and folders (or search by name, or pick
// one version of a file), choose the target and the policy for existing files, see the plan
// (volumes and where they are, bytes, time), then start: the restore runs on a worker thread
// (RestoreRunner) with a progress bar and its report at the end; volumes outside the library are
// named in the page, never in a blocking pop-up. Ctrl+R starts, Ctrl+F searches. A plan or
// result goes as soon as the selection changes; a plan shown is computed again when the page
// is shown again (cartridges may have moved meanwhile).
// Everything the page reads and changes goes through the console's typed door (ConsoleContext;
// issue 38), off the GUI thread: the lists, the tree and the search read the service, the plan
// names the keys the key store lacks (the page then asks for the key and imports it through the
// service), the restore runs as the service's job. GUI thread only.
#include <QPointer>
#include <QWidget>
#include <functional>
#include <string>
#include <vector>

#include "bridge/console_context.h"
#include "bridge/restore_runner.h"
#include "pages/restore/key_import_dialog.h"

class QPushButton;
class QTimer;
class QTreeView;

namespace tl::ui {

class EmptyHint;
class RestoreReportView;
class RestoreSearchPanel;
class RestoreSourcePicker;
class RestoreTargetPanel;
class RestoreTreeModel;
class RestoreVersionsPanel;

class RestorePage final : public QWidget {
    Q_OBJECT
public:
    explicit RestorePage(const ConsoleContext& context, QWidget* parent = nullptr);
    ~RestorePage() override;

    // Reads the list of backups again; the first time it is in, shows the newest backup's tree.
    void refresh();
    // The restore requests of the current ticks (tree and search results), one per source.
    std::vector<job::RestoreOptions> plannedRuns() const;
    // The client whose agent writes each of plannedRuns() ("" = this machine): the one chosen
    // under Restore on, else the client that backed the run's source up.
    std::vector<std::string> plannedClients() const;
    // Computes the plan on the worker thread; false (shown) if it cannot start. A plan naming a
    // key the key store lacks opens keyPrompt().
    bool plan();
    // Starts the restore (planned first: a missing key opens keyPrompt() and nothing runs until
    // it is imported); false (shown) if it cannot start.
    bool start();
    // Restores one version of a file: that job's tree, just `relativePath` below `source`.
    bool restoreVersion(qint64 jobId, const QString& source, const QString& relativePath);
    // "Restore this version": asks first, naming the file, the job, the target and what happens
    // to a file already there (No is the default answer); restores only on Yes.
    bool confirmVersion(qint64 jobId, const QString& source, const QString& relativePath);
    // Answers confirmVersion's question; default: a QMessageBox whose default button is No.
    // Tests answer it.
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    RestoreSourcePicker* picker() const { return picker_; }
    RestoreTreeModel* treeModel() const { return model_; }
    QTreeView* tree() const { return tree_; }
    EmptyHint* emptyHint() const { return hint_; }
    RestoreSearchPanel* searchPanel() const { return search_; }
    RestoreVersionsPanel* versionsPanel() const { return versions_; }
    RestoreTargetPanel* targetPanel() const { return target_; }
    RestoreReportView* reportView() const { return report_; }
    RestoreRunner* runner() const { return runner_; }
    // Open while the page asks for a key the chosen files need (nullptr otherwise).
    KeyImportDialog* keyPrompt() const { return keyPrompt_; }

Q_SIGNALS:
    void finished(const tl::ui::RestoreSummary& result);
    // The plan or result shown was dropped (the selection changed): its requests are void.
    void outcomeCleared();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void showView(qint64 jobId, const QString& source, qint64 at);
    std::vector<job::RestoreOptions> plannedRuns(std::vector<std::string>* clients) const;
    bool launch(const std::vector<job::RestoreOptions>& runs, bool run,
                const std::vector<std::string>& clients = {});
    // Asks for key `keyId`; once imported, launches the last runs again.
    void askForKey(const QString& keyId);
    void listsRead(const QString& error);
    void viewShown();
    // False (shown) when "another folder" is chosen without a folder.
    bool targetChosen();
    void fail(const QString& message);        // logged and shown
    void showProblem(const QString& message); // shown (logged where it happened)
    void forgetOutcome();
    void updateButtons();

    ConsoleContext context_;
    RestoreRunner* runner_;
    RestoreSourcePicker* picker_;
    RestoreTreeModel* model_;
    QTreeView* tree_;
    EmptyHint* hint_ = nullptr;
    RestoreSearchPanel* search_;
    RestoreVersionsPanel* versions_;
    RestoreTargetPanel* target_;
    RestoreReportView* report_;
    QPushButton* planButton_;
    QPushButton* startButton_;
    QPushButton* cancelButton_;
    QTimer* poll_;
    bool shownOnce_ = false;
    qint64 viewJob_ = 0; // the view asked for last
    QString viewSource_;
    // The last runs launched, launched again once a missing key was imported.
    std::vector<job::RestoreOptions> lastRuns_;
    bool lastRun_ = false;
    std::vector<std::string> lastClients_;
    QPointer<KeyImportDialog> keyPrompt_;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
