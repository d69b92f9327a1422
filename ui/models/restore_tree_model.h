#pragma once
// The tree a restore sees at a point in time (a backup job, or a source as of a time), for the
// Restore page: one top-level row per backed-up source, directories listed lazily — children
// come in pages of batchSize() rows per fetchMore() (canFetchMore() while more remain), through
// the engine's per-directory listing (job/catalog_browser.h) on the model's own read-only
// catalog connection, so a directory of 100,000 entries opens without a full load.
// Tri-state check boxes: ticking a folder ticks what is below without loading it (the folder's
// path is what gets selected); ancestors show the partial state. selection() turns the ticks into
// restore requests (one per source: its save set and --path entries). GUI thread only.
#include <QAbstractItemModel>
#include <memory>
#include <vector>

#include "context/catalog_handle.h"
#include "job/catalog_browser.h"

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

    explicit RestoreTreeModel(QString catalogPath, int batchSize = 1000, QObject* parent = nullptr);
    ~RestoreTreeModel() override;

    // Shows the tree of job `jobId`, or of `source` as of `at` (unix seconds; 0 = now) when
    // jobId is 0. On error the model is empty and the error (also logged) is returned.
    tl::Status setView(qint64 jobId, const QString& source = {}, qint64 at = 0);
    const std::vector<job::BrowseRoot>& roots() const { return roots_; }
    int batchSize() const { return batch_; }
    // The catalog connection (for a search over the same view); null before setView.
    CatalogHandle* db() { return db_.get(); }

    // One request per source with something ticked.
    std::vector<RestoreRequest> selection() const;
    bool hasSelection() const { return !selection().empty(); }
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
    void failed(const QString& message); // a listing failed (also logged)
    void checksChanged();

private:
    struct Node;
    Node* node(const QModelIndex& index) const;
    QModelIndex indexOf(Node* n, int column = 0) const;
    void setSubtree(Node* n, Qt::CheckState state);
    void updateAncestors(Node* n);
    void collect(const Node* n, std::vector<std::string>& paths) const;

    QString path_;
    int batch_;
    std::unique_ptr<CatalogHandle> db_;
    std::vector<job::BrowseRoot> roots_;
    std::vector<std::unique_ptr<Node>> top_;
};

} // namespace tl::ui
