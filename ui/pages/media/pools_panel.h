#pragma once
// The pools part of the Media page: the table of pools with Add, Edit (PoolDialog) and Remove
// (confirmed; the service refuses a pool that still has volumes or jobs and says why). Writes
// go through the typed door (runCatalogTask, never refused while jobs run) as `tapeloom-cli
// pool add|edit|remove` does. The page feeds the table (setPools) and the key names
// (setKeyNames) from its snapshot, read through the typed door: the panel reads nothing of the
// Engine. GUI thread only.
#include "bridge/console_context.h"
#include <QWidget>
#include <functional>
#include <vector>

#include "media/pool.h"

class QPushButton;
class QTableView;

namespace tl::ui {

class TaskBoard;
class PoolTableModel;

class PoolsPanel final : public QWidget {
    Q_OBJECT
public:
    PoolsPanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);

    void setPools(std::vector<media::Pool> pools);
    // The key store's key names (GET /v1/keys), offered by the pool dialog's encryption.
    void setKeyNames(QStringList names);
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    // Start the engine work; false (with the reason reported by status()) when it cannot start.
    bool addPool(const QString& name, const media::PoolChanges& values);
    bool editPool(const QString& name, const media::PoolChanges& changes);
    bool removePool(const QString& name); // asks the confirmation first
    QString currentPool() const;          // the selected pool's name, or ""

    PoolTableModel* model() const { return model_; }
    QTableView* view() const { return view_; }

public Q_SLOTS:
    void openAddDialog();
    void openEditDialog();
    void removeCurrent();

Q_SIGNALS:
    void status(const QString& text, bool error); // to show inline in the page
    void changed();                               // a pool was written: refresh

private:
    bool run(const QString& what, std::function<QString()> work, const QString& success);
    QStringList keyNames() const;

    ConsoleContext ctx_;
    TaskBoard& board_;
    PoolTableModel* model_;
    QTableView* view_;
    QPushButton* add_;
    QPushButton* edit_;
    QPushButton* remove_;
    std::function<bool(const QString&)> confirm_;
    QStringList keyNames_;
    bool sized_ = false; // column widths fitted (or restored from the settings)
};

} // namespace tl::ui
