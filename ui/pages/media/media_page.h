#pragma once
// The Media page (issue #7): pools (add, edit, remove), the volumes of the catalog and the
// blank cartridges of the library in a sortable, filterable table, the volume actions (label,
// label all blank, relabel, recycle, mark read-only / disabled / damaged / enabled, off-site,
// on-site, move to a location) and the details of the selected volume (fields, history, jobs).
//
// Reading: a MediaSnapshot read off the GUI thread through the typed door of the service the
// console shows (typed_door.h: GET /v1/pools, /v1/volumes?usage=true, /v1/keys, /v1/libraries
// and their inventories; a volume's details GET .../history, .../jobs and /v1/wear), when the
// page is shown, every 2 s while visible, after each action and on F5. The page holds no
// Engine (ConsoleContext), so a remote console shows it the same.
// Writing: every action goes through the typed door as `tapeloom-cli volume|pool …` does, on
// a worker thread: a labeling as a job of the TaskBoard (beside other jobs; refused only while a
// cartridge moves, the reason in the page's status line, never a pop-up), the others as
// catalog work that is never refused. Destructive actions ask the
// injectable confirmation first. Shortcuts: Ctrl+L label the selected cartridge, Ctrl+Shift+L
// label all blank, F5 refresh, Enter on a volume focuses its details; Delete does nothing.
// GUI thread only; the board must outlive the page.
#include "bridge/console_context.h"
#include <QWidget>
#include <functional>

#include "media/volume_state.h"
#include "pages/media/media_snapshot.h"

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QStringListModel;
class QTableView;
class QTimer;
class QToolBar;

namespace tl::ui {

class TaskBoard;
class MediaActions;
class PoolsPanel;
class VolumeDetails;
class VolumeFilterProxy;
class VolumeTableModel;

class MediaPage final : public QWidget {
    Q_OBJECT
public:
    enum class Action {
        Label,
        LabelAllBlank,
        Relabel,
        Recycle,
        MarkReadOnly,
        MarkDisabled,
        MarkDamaged,
        MarkEnabled,
        MarkOffsite,
        MarkOnsite,
        Move,
        Refresh,
    };

    MediaPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);
    ~MediaPage() override;

    // Answers the destructive actions' questions; default: QMessageBox::question.
    void setConfirm(std::function<bool(const QString& question)> confirm);

    // Reloads pools and volumes off the GUI thread; refreshed() when the tables show them.
    void refresh();
    // Makes `barcode` the current row (clearing the filters if they hide it); false if unknown.
    bool selectVolume(const QString& barcode);
    QString selectedBarcode() const;

    // The actions on the selected volume (or the whole library). Each returns false, with the
    // reason in the status line, when it cannot start; the outcome comes with taskFinished().
    bool labelSelected(const QString& pool);
    bool labelAllBlank(const QString& pool, const QString& barcodePattern = {});
    bool relabelSelected(const QString& pool, bool force);
    bool recycleSelected(bool force);
    bool markSelected(media::VolumeEvent event); // MarkReadOnly, Disable, Enable, IoError
    bool markOffsiteSelected(const QString& location);
    bool markOnsiteSelected();
    bool moveSelected(const QString& location);

    QAction* action(Action a) const;
    VolumeTableModel* volumeModel() const { return volumes_; }
    VolumeFilterProxy* volumeProxy() const { return proxy_; }
    QTableView* volumeView() const { return view_; }
    PoolsPanel* poolsPanel() const { return pools_; }
    VolumeDetails* details() const { return details_; }
    QLineEdit* filterField() const { return filter_; }
    QComboBox* poolFilter() const { return poolFilter_; }
    QComboBox* stateFilter() const { return stateFilter_; }
    QLabel* statusLabel() const { return status_; }
    QStringListModel* resultsModel() const { return results_; }

Q_SIGNALS:
    void openReport(qint64 jobId);
    void refreshed();
    void taskFinished(const QString& error); // "" on success; the status line says the same

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void buildActions();
    void buildLayout();
    void applySnapshot(MediaSnapshot snap);
    void fillFilters(const std::vector<media::Pool>& pools);
    void setStatus(const QString& text, bool error);
    void updateActions();
    const VolumeRow* selectedRow(QString* whyNot = nullptr) const;
    QString defaultPool() const;
    QStringList poolNames() const;

    TaskBoard& board_;
    DoorAddress door_;
    VolumeTableModel* volumes_;
    VolumeFilterProxy* proxy_;
    QTableView* view_;
    PoolsPanel* pools_;
    VolumeDetails* details_;
    QToolBar* toolbar_;
    QLineEdit* filter_;
    QComboBox* poolFilter_;
    QComboBox* stateFilter_;
    QLabel* status_;
    QStringListModel* results_;
    QListView* resultsView_;
    QTimer* timer_;
    MediaActions* volumeActions_;
    std::vector<QAction*> qactions_;
    bool columnsSized_ = false;
    bool loading_ = false, reloadWanted_ = false;
};

} // namespace tl::ui
