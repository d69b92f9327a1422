#pragma once
// The Library page (issue #7): the autochanger drawn as what it is (LibraryView), with load,
// unload, transfer, export and import by context menu, Enter (the menu's default action) and
// drag and drop; "Mark off-site…" after an export; the inventory with the differences between
// the catalog and the changer, and the reconcile that records them.
// Reads: every refresh (on show, every 2 s while visible for a virtual library, after each
// action, on Refresh/F5) reads the changer and the catalog through the typed door of the
// service the console shows (load_library_snapshot) on a worker thread; the page holds no
// Engine (ConsoleContext), so a remote console shows it the same.
// Writes: every move, off-site mark and inventory goes through the typed door as a task of the
// TaskBoard (runEngineTask); a move, an
// off-site mark or a reconcile is refused inline, naming the running jobs, while any job runs
// (it would move cartridges outside their reservations). Illegal moves are refused inline with
// the reason, nothing moved.
// GUI thread only.
#include "bridge/console_context.h"
#include <QWidget>
#include <functional>
#include <optional>

#include "pages/library/library_snapshot.h"
#include "pages/library/move_planner.h"
#include "pages/library/volume_colors.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;

namespace tl::ui {

class MessageLine;

class DifferenceModel;
class TaskBoard;
class LibraryView;

class LibraryPage final : public QWidget {
    Q_OBJECT
public:
    LibraryPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);
    ~LibraryPage() override;

    // Confirmation of the reconcile (it rewrites the catalog's locations); default
    // QMessageBox::question. Tests answer it.
    void setConfirm(std::function<bool(const QString& question)> confirm);
    // Asks the off-site location for `barcode` ("" = cancelled); default QInputDialog.
    void setAskSite(std::function<QString(const QString& barcode)> ask);

    // Re-reads the changer and the catalog off the GUI thread; refreshed() follows.
    void refresh();
    // Shows library `name` (one of snapshot().libraries); false when unknown.
    bool chooseLibrary(const QString& name);

    // A move of the cartridge at `from` onto `to` (a drop; for an unload nullopt = its home
    // slot). False, with the reason shown in the page, when illegal or a job runs;
    // true when it started (moveFinished follows).
    bool requestMove(Place from, std::optional<Place> to);
    bool load(int slot, int drive);
    bool unload(int drive, std::optional<int> slot = std::nullopt);
    bool transfer(int fromSlot, int toSlot);
    bool exportCartridge(int slot, int mail); // mail slots counted from 1
    bool importCartridge(int mail, int slot);
    // `volume mark BARCODE offsite --location SITE`; false when it cannot start.
    bool markOffsite(const QString& barcode, const QString& site);
    // Asks the location (setAskSite) and marks the last exported cartridge off-site.
    bool markExportedOffsite();
    // The inventory compared with the catalog (nothing changed); the differences table follows.
    bool runInventory();
    // The same, recording the differences in the catalog (after the confirmation).
    bool reconcile();
    // The default action of `p`'s context menu (what Enter does); false when it has none.
    bool activate(Place p);
    // The context menu of `p` (caller owns it); its default action is the one Enter runs.
    QMenu* menuFor(Place p);

    const LibrarySnapshot& snapshot() const { return snap_; }
    LibraryView* view() const { return view_; }
    DifferenceModel* differences() const { return diffs_; }
    QTableView* differencesTable() const { return table_; }
    QString statusText() const;
    QString lastExported() const { return exported_; }
    bool busy() const { return moving_; }

Q_SIGNALS:
    void refreshed();
    void moveFinished(const QString& error);
    void offsiteMarked(const QString& barcode, const QString& error);
    void inventoryFinished(const QString& error);

protected:
    void showEvent(QShowEvent* e) override;
    void hideEvent(QHideEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void build();
    QHBoxLayout* buildToolbar();
    QHBoxLayout* buildStatusRow();
    QWidget* buildDifferences(); // the title and table of the inventory's differences
    void addShortcuts();
    void connectSignals();
    void fitSplitter();
    void applySnapshot(LibrarySnapshot s, int generation);
    void showStatus(const QString& text, bool error);
    void startMove(const LibraryMove& m, Place from, std::optional<Place> to);
    bool startInventory(bool apply);
    void showMenu(Place p, const QPoint& globalPos);
    QString moveText(const LibraryMove& m, bool done) const;
    ColorBy colorBy() const;

    TaskBoard& board_;
    DoorAddress door_;
    std::function<bool(const QString&)> confirm_;
    std::function<QString(const QString&)> askSite_;

    LibrarySnapshot snap_;
    QString library_; // the chosen library ("" = the first)
    int generation_ = 0;
    bool refreshing_ = false, refreshAgain_ = false, moving_ = false, userSized_ = false;
    QString exported_;

    QComboBox* libraries_ = nullptr;
    QComboBox* colorBy_ = nullptr;
    QPushButton* inventory_ = nullptr;
    QPushButton* reconcile_ = nullptr;
    QPushButton* offsite_ = nullptr;
    QProgressBar* progress_ = nullptr;
    MessageLine* status_ = nullptr;
    LibraryView* view_ = nullptr;
    DifferenceModel* diffs_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* diffsTitle_ = nullptr;
    QTimer* timer_ = nullptr;
    QSplitter* split_ = nullptr;
};

} // namespace tl::ui
