#pragma once
// The Devices page (issue #7): the configured drives (virtual, st, null; standalone or in a
// library) and libraries (virtual, mtx) with their status, the catalog's counters and cleaning
// state; add (DeviceAddDialog), remove (confirmed; refused while a job of this console runs,
// naming it, or a job uses the device) through the typed door as `tapeloom-cli drive|library
// add|remove` does. A configured device cannot be changed, so there is no Edit (remove and add
// it again). Tables are read through the typed door off the GUI thread (readDevices) when the
// page is shown, every 2 s while visible and after each action; the page holds no
// Engine (ConsoleContext), so a remote console shows it the same. Writes run as tasks
// of the TaskBoard (runEngineTask).
// Shortcuts: Ctrl+N add, Del remove, F5 refresh. Errors are shown in the page's status line. GUI
// thread only.
#include "bridge/console_context.h"
#include <QString>
#include <QWidget>
#include <functional>

#include "bridge/task_board.h"
#include "pages/devices/device_snapshot.h"
#include "pages/devices/device_spec.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace tl::ui {

class DriveTableModel;
class TaskBoard;
class LibraryTableModel;

class DevicesPage final : public QWidget {
    Q_OBJECT
public:
    // `board` outlives the page.
    DevicesPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);
    ~DevicesPage() override;

    // Asks yes/no before a removal; defaults to QMessageBox::question.
    void setConfirm(std::function<bool(const QString& question)> confirm) {
        confirm_ = std::move(confirm);
    }

    // Reads the devices on a worker thread (no-op while a read is in flight); refreshed()
    // follows.
    void refresh();
    // Adds what `spec` describes: false (reason in the status line) when it is wrong, the
    // name is taken or the engine is busy; otherwise the engine task has started and
    // actionFinished() follows.
    bool addDevice(const DeviceSpec& spec);
    // Removes a standalone drive / a library (after confirmation); false when refused.
    bool removeDrive(const QString& name);
    bool removeLibrary(const QString& name);
    // The Add dialog, then addDevice(); Remove acts on the selected row.
    void openAddDialog();
    void removeSelected();

    QString status() const;
    DriveTableModel* drivesModel() const { return drives_; }
    LibraryTableModel* librariesModel() const { return libraries_; }
    QTableView* drivesView() const { return driveView_; }
    QTableView* librariesView() const { return libraryView_; }

Q_SIGNALS:
    void refreshed();
    // After each read: the drives that ask for cleaning now (for OperatorRequests).
    void drivesNeedingCleaning(const QStringList& drives);
    // An add or remove ended ("" = done; else the engine's reason).
    void actionFinished(const QString& error);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void apply(const DeviceSnapshot& snapshot);
    // Runs `work` as a task of the board: a removal runs alone (TaskKind::Exclusive), refused
    // while a job runs; an addition runs beside jobs.
    bool run(const QString& what, std::function<QString()> work, const QString& doneText,
             TaskKind kind = TaskKind::Job);
    QStringList takenNames() const;
    void report(const QString& message, bool problem);

    TaskBoard& board_;
    DoorAddress door_;
    DriveTableModel* drives_;
    LibraryTableModel* libraries_;
    QSortFilterProxyModel* driveProxy_;
    QSortFilterProxyModel* libraryProxy_;
    QTableView* driveView_;
    QTableView* libraryView_;
    QLabel* status_;
    QTimer* timer_;
    QTableView* lastFocused_ = nullptr;
    bool reading_ = false;
    bool fitColumns_ = false;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
