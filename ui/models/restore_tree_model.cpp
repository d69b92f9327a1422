#include "models/restore_tree_model.h"

#include <QDateTime>
#include <QLocale>

#include "api/job_ops.h"
#include "common/log.h"
#include "widgets/units_format.h"

namespace tl::ui {

struct RestoreTreeModel::Node {
    Node* parent = nullptr;
    int row = 0;
    std::size_t root = 0; // index into roots_
    job::BrowseEntry entry;
    bool isRoot = false;
    bool complete = false; // every child listed
    Qt::CheckState check = Qt::Unchecked;
    Qt::CheckState rest = Qt::Unchecked; // the state of the rows not listed yet
    std::vector<std::unique_ptr<Node>> children;
    bool isDir() const { return isRoot || entry.kind == 1; }
};

RestoreTreeModel::RestoreTreeModel(QString catalogPath, int batchSize, QObject* parent)
    : QAbstractItemModel(parent), path_(std::move(catalogPath)), batch_(qMax(1, batchSize)) {}

RestoreTreeModel::~RestoreTreeModel() = default;

Status RestoreTreeModel::setView(qint64 jobId, const QString& source, qint64 at) {
    beginResetModel();
    top_.clear();
    roots_.clear();
    Status result;
    if (!db_) {
        auto db = CatalogHandle::open(path_.toStdString(), false);
        if (db)
            db_ = std::make_unique<CatalogHandle>(std::move(db.value()));
        else
            result = db.error();
    }
    if (db_) {
        auto roots = job::browse_roots(*db_, jobId, source.toStdString(), at);
        if (roots) {
            roots_ = std::move(roots.value());
            for (std::size_t i = 0; i < roots_.size(); ++i) {
                auto n = std::make_unique<Node>();
                n->row = static_cast<int>(i);
                n->root = i;
                n->isRoot = true;
                n->entry.name = roots_[i].source;
                n->entry.kind = 1;
                n->entry.job_id = roots_[i].job_id;
                top_.push_back(std::move(n));
            }
        } else {
            result = roots.error();
        }
    }
    endResetModel();
    if (!result) log::get("ui")->warn("restore view: {}", result.error().message);
    Q_EMIT checksChanged();
    return result;
}

RestoreTreeModel::Node* RestoreTreeModel::node(const QModelIndex& index) const {
    return index.isValid() ? static_cast<Node*>(index.internalPointer()) : nullptr;
}

QModelIndex RestoreTreeModel::indexOf(Node* n, int column) const {
    return n ? createIndex(n->row, column, n) : QModelIndex();
}

QModelIndex RestoreTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    const auto* p = node(parent);
    const auto& list = p ? p->children : top_;
    if (row >= static_cast<int>(list.size())) return {};
    return createIndex(row, column, list[static_cast<std::size_t>(row)].get());
}

QModelIndex RestoreTreeModel::parent(const QModelIndex& child) const {
    auto* n = node(child);
    return n ? indexOf(n->parent) : QModelIndex();
}

int RestoreTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    const auto* p = node(parent);
    return static_cast<int>(p ? p->children.size() : top_.size());
}

int RestoreTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool RestoreTreeModel::hasChildren(const QModelIndex& parent) const {
    const auto* p = node(parent);
    if (!p) return !top_.empty();
    return p->isDir() && (!p->complete || !p->children.empty());
}

bool RestoreTreeModel::canFetchMore(const QModelIndex& parent) const {
    const auto* p = node(parent);
    return p && p->isDir() && !p->complete && db_;
}

void RestoreTreeModel::fetchMore(const QModelIndex& parent) {
    auto* p = node(parent);
    if (!p || !canFetchMore(parent)) return;
    const std::string after = p->children.empty() ? std::string() : p->children.back()->entry.name;
    auto page =
        job::list_directory(*db_, roots_[p->root], p->isRoot ? std::string() : p->entry.path, after,
                            static_cast<std::size_t>(batch_));
    if (!page) {
        p->complete = true; // do not retry in a loop; the error is shown
        const QString msg = QString::fromStdString(page.error().message);
        log::get("ui")->error("restore tree: listing {} failed: {}", p->entry.path,
                              page.error().message);
        Q_EMIT failed(msg);
        return;
    }
    auto& rows = page.value();
    if (rows.size() < static_cast<std::size_t>(batch_)) p->complete = true;
    if (rows.empty()) {
        Q_EMIT dataChanged(parent, parent); // hasChildren may have changed
        return;
    }
    const int first = static_cast<int>(p->children.size());
    beginInsertRows(parent, first, first + static_cast<int>(rows.size()) - 1);
    // Below a ticked folder everything is ticked; below a partial one, new rows start unticked.
    const Qt::CheckState inherit = p->rest;
    for (auto& e : rows) {
        auto n = std::make_unique<Node>();
        n->parent = p;
        n->row = static_cast<int>(p->children.size());
        n->root = p->root;
        n->entry = std::move(e);
        n->check = inherit;
        n->rest = inherit;
        p->children.push_back(std::move(n));
    }
    endInsertRows();
    updateAncestors(p->children.back().get());
}

QVariant RestoreTreeModel::data(const QModelIndex& index, int role) const {
    const auto* n = node(index);
    if (!n) return {};
    const QLocale loc;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return QString::fromStdString(n->entry.name);
        case Size:
            return n->isDir() ? QVariant() : formatBytes(n->entry.size);
        case Modified:
            return n->isRoot || !n->entry.mtime_ns
                       ? QVariant()
                       : QVariant(loc.toString(
                             QDateTime::fromSecsSinceEpoch(n->entry.mtime_ns / 1000000000),
                             QLocale::ShortFormat));
        case Job:
            return QVariant::fromValue<qint64>(n->entry.job_id);
        }
        return {};
    case Qt::CheckStateRole:
        return index.column() == Name ? QVariant(int(n->check)) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Name ? QVariant()
                                      : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case PathRole:
        return QString::fromStdString(n->entry.path);
    case IsDirRole:
        return n->isDir();
    case SourceRole:
        return QString::fromStdString(roots_[n->root].source);
    case JobRole:
        return QVariant::fromValue<qint64>(n->entry.job_id);
    default:
        return {};
    }
}

bool RestoreTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    auto* n = node(index);
    if (!n || role != Qt::CheckStateRole || index.column() != Name) return false;
    const auto state =
        static_cast<Qt::CheckState>(value.toInt()) == Qt::Unchecked ? Qt::Unchecked : Qt::Checked;
    setSubtree(n, state);
    updateAncestors(n);
    Q_EMIT checksChanged();
    return true;
}

void RestoreTreeModel::setSubtree(Node* n, Qt::CheckState state) {
    n->check = state;
    n->rest = state;
    for (auto& c : n->children)
        setSubtree(c.get(), state);
    if (!n->children.empty())
        Q_EMIT dataChanged(indexOf(n->children.front().get()), indexOf(n->children.back().get()),
                           {Qt::CheckStateRole});
    const auto i = indexOf(n);
    Q_EMIT dataChanged(i, i, {Qt::CheckStateRole});
}

void RestoreTreeModel::updateAncestors(Node* n) {
    for (auto* p = n->parent; p; p = p->parent) {
        bool all = p->complete || p->rest == Qt::Checked;
        bool none = p->complete || p->rest == Qt::Unchecked;
        for (const auto& c : p->children) {
            if (c->check != Qt::Checked) all = false;
            if (c->check != Qt::Unchecked) none = false;
        }
        // A ticked folder whose unlisted rest is ticked too stays ticked while listing.
        const auto state = all ? Qt::Checked : (none ? Qt::Unchecked : Qt::PartiallyChecked);
        if (state == p->check) break;
        p->check = state;
        const auto i = indexOf(p);
        Q_EMIT dataChanged(i, i, {Qt::CheckStateRole});
    }
}

Qt::ItemFlags RestoreTreeModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    auto f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Name) f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant RestoreTreeModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Name");
    case Size:
        return tr("Size");
    case Modified:
        return tr("Modified");
    case Job:
        return tr("Job");
    }
    return {};
}

void RestoreTreeModel::collect(const Node* n, std::vector<std::string>& paths) const {
    if (n->check == Qt::Checked) {
        paths.push_back(n->entry.path);
        return;
    }
    if (n->check == Qt::Unchecked) return;
    for (const auto& c : n->children)
        collect(c.get(), paths);
    if (n->complete || n->rest != Qt::Checked || !db_) return;
    // A ticked folder partly unticked while not fully listed: its unlisted rows are ticked too.
    std::string after = n->children.empty() ? std::string() : n->children.back()->entry.name;
    for (;;) {
        auto page = job::list_directory(*db_, roots_[n->root],
                                        n->isRoot ? std::string() : n->entry.path, after, 10000);
        if (!page) {
            log::get("ui")->error("restore selection: listing {} failed: {}", n->entry.path,
                                  page.error().message);
            paths.push_back(n->entry.path); // rather too much than silently too little
            return;
        }
        if (page->empty()) return;
        for (const auto& e : page.value())
            paths.push_back(e.path);
        after = page->back().name;
    }
}

std::vector<RestoreRequest> RestoreTreeModel::selection() const {
    std::vector<RestoreRequest> out;
    for (const auto& t : top_) {
        if (t->check == Qt::Unchecked) continue;
        RestoreRequest r;
        r.saveset_id = roots_[t->root].saveset_id;
        r.source = roots_[t->root].source;
        if (t->check == Qt::PartiallyChecked) collect(t.get(), r.paths);
        if (t->check == Qt::Checked || !r.paths.empty()) out.push_back(std::move(r));
    }
    return out;
}

void RestoreTreeModel::clearChecks() {
    for (auto& t : top_)
        setSubtree(t.get(), Qt::Unchecked);
    Q_EMIT checksChanged();
}

} // namespace tl::ui
