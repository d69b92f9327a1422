#pragma once
// The tree a restore sees at a point in time (a backup job, or a source as of a time), for the
// Restore page, read through the console's typed door (bridge/typed_door.h; issue 38): the view's
// save sets (GET /v1/savesets) are its top-level rows, one per backed-up source; directories are
// listed lazily, batchSize() rows a page per fetchMore() (GET /v1/files from the cursor of the
// page before; canFetchMore() while more remain), so a directory of 100,000 entries opens a page
// at a time. Every read runs on a worker thread: setView() and fetchMore() return at once and the
// rows come in when the service answered (isReading() until then); a failed read is logged once
// and emitted as failed(). Tri-state check boxes: ticking a folder ticks what is below without
// listing it (the folder's path is what gets selected); ancestors show the partial state. A
// ticked folder not fully listed whose listed row is then unticked has its other rows read in
// the background (not into the tree); selection() is pending until they are in. selection()
// turns the ticks into restore requests (one per source: its save set and paths). GUI thread
// only.
#include <QAbstractItemModel>
#include <memory>
#include <vector>

#include "bridge/typed_door.h"
#include "client/savesets.h"

namespace tl::ui {

// What to restore from one source: its save set (the chain as of it) and the paths (relative to
// the source root; empty = the whole source).
struct RestoreRequest {
    std::int64_t saveset_id = 0;
    std::string source;
    std::vector<std::string> paths;
};

class RestoreTreeModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Name, Size, Modified, Job, ColumnCount };
    enum Role { PathRole = Qt::UserRole + 1, IsDirRole, SourceRole, JobRole };

    explicit RestoreTreeModel(DoorAddress door, int batchSize = 1000, QObject* parent = nullptr);
    ~RestoreTreeModel() override;

    // Asks for the tree of job `jobId`, or of `source` as of `at` (unix seconds; 0 = now) when
    // jobId is 0: the model empties at once and shows the view's sources once the service
    // answered (viewShown()), or stays empty and emits failed().
    void setView(qint64 jobId, const QString& source = {}, qint64 at = 0);
    // The save sets of the view shown (one per top-level row).
    const std::vector<client::Saveset>& roots() const { return roots_; }
    const DoorAddress& door() const { return door_; }
    int batchSize() const { return batch_; }
    // True while a read of the view, a page or the rest of a ticked folder is under way.
    bool isReading() const { return reads_ > 0; }

    // One request per source with something ticked.
    std::vector<RestoreRequest> selection() const;
    bool hasSelection() const { return !selection().empty(); }
    // True while selection() waits for the rows of a ticked folder still being read.
    bool selectionPending() const;
    void clearChecks();

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void viewShown();                    // the view's sources are the top-level rows
    void failed(const QString& message); // a read failed (logged once, where it failed)
    void checksChanged();

private:
    struct Node;
    Node* node(const QModelIndex& index) const;
    QModelIndex indexOf(Node* n, int column = 0) const;
    void setSubtree(Node* n, Qt::CheckState state);
    void updateAncestors(Node* n);
    void collect(const Node* n, std::vector<std::string>& paths) const;
    bool pending(const Node* n) const;
    void showRoots(const std::vector<client::Saveset>& roots);
    void addPage(Node* p, std::vector<client::FileEntry> entries, const std::string& next);
    // Reads the rows of `n` after those listed (not into the tree) for selection().
    void readRest(Node* n);
    // The request for `n`'s next `limit` entries (its save set, its directory, its cursor).
    client::FileListing listingOf(const Node* n, std::int64_t limit) const;
    // Runs `read` on a worker thread through the door; `then` on the GUI thread with its result,
    // unless the view changed meanwhile.
    template <typename T>
    void read(const std::string& what, std::function<Result<T>(client::Api&)> read,
              std::function<void(Result<T>)> then);

    DoorAddress door_;
    int batch_;
    int reads_ = 0;
    quint64 view_ = 0; // which setView() the rows are of
    std::vector<client::Saveset> roots_;
    std::vector<std::unique_ptr<Node>> top_;
};

} // namespace tl::ui
