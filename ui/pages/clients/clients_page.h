#pragma once
// The Clients page (docs/console.md "Clients", issue 41): the machines whose tapeloom-agent this
// data directory backs up (docs/agent.md), each with its state at the last contact, agent
// version, OS, last backup and next scheduled backup; Add (ClientAddDialog, which shows the
// service's fingerprint for the agent to trust) and Remove (confirmed) — always through the
// service's typed door (POST /v1/clients, DELETE /v1/clients/{name}, bridge/typed_door.h). The
// table is read through the typed door off the GUI thread (readClients) when the page is shown,
// every 5 s while visible and after each action; the page holds no Engine
// (ConsoleContext), so a remote console shows it the same. Changes run as tasks of the TaskBoard.
// Shortcuts: Ctrl+N add, Del remove, F5 refresh. GUI thread only.
#include "bridge/console_context.h"
#include <QString>
#include <QWidget>
#include <functional>

#include "pages/clients/client_add_dialog.h"
#include "pages/clients/client_snapshot.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace tl::ui {

class ClientTableModel;
class TaskBoard;

class ClientsPage final : public QWidget {
    Q_OBJECT
public:
    // `board` outlives the page.
    ClientsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);

    // Asks yes/no before a removal; defaults to QMessageBox::question.
    void setConfirm(std::function<bool(const QString& question)> confirm) {
        confirm_ = std::move(confirm);
    }

    // Reads the clients on a worker thread (no-op while a read is in flight); refreshed()
    // follows.
    void refresh();
    // Adds `spec`: false (reason in the status line) when it is wrong; otherwise the task has
    // started and actionFinished() follows.
    bool addClient(const ClientSpec& spec);
    // Removes the client (after confirmation); false when refused.
    bool removeClient(const QString& name);
    void openAddDialog();
    void removeSelected();

    QString status() const;
    QString serviceFingerprint() const { return serviceFingerprint_; }
    ClientTableModel* model() const { return model_; }
    QTableView* view() const { return view_; }

Q_SIGNALS:
    void refreshed();
    // An add or remove ended ("" = done; else the reason).
    void actionFinished(const QString& error);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void buildActions();
    void apply(const ClientSnapshot& snapshot);
    bool run(const QString& what, std::function<QString()> work, const QString& doneText);
    QStringList names() const;
    void report(const QString& message, bool problem);

    TaskBoard& board_;
    DoorAddress door_;
    ClientTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* view_;
    QLabel* status_;
    QTimer* timer_;
    QString serviceFingerprint_;
    bool reading_ = false;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
