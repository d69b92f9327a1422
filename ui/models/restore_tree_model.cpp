#include "models/restore_tree_model.h"

#include <QDateTime>
#include <QLocale>
#include <memory>
#include <set>

#include "bridge/engine_task.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
// Rows a read of a ticked folder's unlisted rest asks for at once (the route's most).
constexpr std::int64_t kRestPage = 10000;
} // namespace

struct RestoreTreeModel::Node {
    Node* parent = nullptr;
    int row = 0;
    std::size_t root = 0; // index into roots_
    client::FileEntry entry;
    bool isRoot = false;
    bool complete = false; // every child listed
    bool fetching = false; // a page is being read
    std::string next;      // the cursor of the page after those listed
    Qt::CheckState check = Qt::Unchecked;
    Qt::CheckState rest = Qt::Unchecked; // the state of the rows not listed yet
    std::vector<std::unique_ptr<Node>> children;
    // The paths of the rows after those listed when the rest was read (for selection()).
    bool restAsked = false, restKnown = false, restFailed = false;
    std::vector<std::string> restPaths;
    bool isDir() const { return isRoot || entry.dir; }
};

RestoreTreeModel::RestoreTreeModel(DoorAddress door, int batchSize, QObject* parent)
    : QAbstractItemModel(parent), door_(std::move(door)), batch_(qMax(1, batchSize)) {}

RestoreTreeModel::~RestoreTreeModel() = default;

template <typename T>
void RestoreTreeModel::read(const std::string& what, std::function<Result<T>(client::Api&)> call,
                            std::function<void(Result<T>)> then) {
    ++reads_;
    // The worker captures values only; the model is looked at on the GUI thread.
    runBackgroundRead(nullptr, this,
                      [door = door_, what, call = std::move(call), then = std::move(then),
                       view = view_, this]() -> GuiContinuation {
                          auto r = std::make_shared<Result<T>>(readService<T>(door, what, call));
                          return [this, r, then, view] {
                              --reads_;
                              if (view == view_) then(std::move(*r));
                          };
                      });
}

void RestoreTreeModel::setView(qint64 jobId, const QString& source, qint64 at) {
    beginResetModel();
    top_.clear();
    roots_.clear();
    ++view_;
    endResetModel();
    Q_EMIT checksChanged();
    const client::SavesetQuery q{jobId, source.toStdString(), at};
    read<std::vector<client::Saveset>>(
        "restore view", [q](client::Api& api) { return api.savesets(q); },
        [this](Result<std::vector<client::Saveset>> r) {
            if (!r) {
                Q_EMIT failed(QString::fromStdString(r.error().message));
                return;
            }
            showRoots(r.value());
        });
}

void RestoreTreeModel::showRoots(const std::vector<client::Saveset>& roots) {
    beginResetModel();
    roots_ = roots;
    for (std::size_t i = 0; i < roots_.size(); ++i) {
        auto n = std::make_unique<Node>();
        n->row = static_cast<int>(i);
        n->root = i;
        n->isRoot = true;
        n->entry.name = roots_[i].source;
        n->entry.source = roots_[i].source;
        n->entry.dir = true;
        n->entry.job = roots_[i].job;
        top_.push_back(std::move(n));
    }
    endResetModel();
    Q_EMIT viewShown();
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
    return p && p->isDir() && !p->complete && !p->fetching;
}

void RestoreTreeModel::fetchMore(const QModelIndex& parent) {
    auto* p = node(parent);
    if (!p || !canFetchMore(parent)) return;
    p->fetching = true;
    const client::FileListing l = listingOf(p, batch_);
    const std::string what =
        "restore tree: listing " + roots_[p->root].source + (p->isRoot ? "" : "/" + l.dir);
    read<client::FilePage>(
        what, [l](client::Api& api) { return api.list_files(l); },
        [this, p](Result<client::FilePage> page) {
            p->fetching = false;
            if (!page) {
                p->complete = true; // not asked again in a loop; the error is shown
                const auto i = indexOf(p);
                Q_EMIT dataChanged(i, i);
                Q_EMIT failed(QString::fromStdString(page.error().message));
                return;
            }
            addPage(p, std::move(page->entries), page->next);
        });
}

void RestoreTreeModel::addPage(Node* p, std::vector<client::FileEntry> entries,
                               const std::string& next) {
    p->next = next;
    if (next.empty()) p->complete = true;
    const auto parent = indexOf(p);
    if (entries.empty()) {
        Q_EMIT dataChanged(parent, parent); // hasChildren may have changed
        return;
    }
    const int first = static_cast<int>(p->children.size());
    beginInsertRows(parent, first, first + static_cast<int>(entries.size()) - 1);
    // Below a ticked folder everything is ticked; below a partial one, new rows start unticked.
    const Qt::CheckState inherit = p->rest;
    for (auto& e : entries) {
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

client::FileListing RestoreTreeModel::listingOf(const Node* n, std::int64_t limit) const {
    client::FileListing l;
    l.saveset = roots_[n->root].id;
    l.dir = n->isRoot ? std::string() : n->entry.path;
    l.limit = limit;
    l.after = n->next;
    return l;
}

void RestoreTreeModel::readRest(Node* n) {
    n->restAsked = true;
    client::FileListing l = listingOf(n, kRestPage); // its cursor moves in the read below
    read<std::vector<std::string>>(
        "restore selection: the rest of " + roots_[n->root].source + "/" + l.dir,
        [l](client::Api& api) mutable -> Result<std::vector<std::string>> {
            std::vector<std::string> paths;
            for (;;) {
                auto page = api.list_files(l);
                if (!page) return page.error();
                for (const auto& e : page->entries)
                    paths.push_back(e.path);
                if (page->next.empty()) return paths;
                l.after = page->next;
            }
        },
        [this, n](Result<std::vector<std::string>> paths) {
            n->restKnown = true;
            if (paths) {
                n->restPaths = std::move(paths.value());
            } else {
                n->restFailed = true; // the folder is chosen whole: rather too much than too little
                Q_EMIT failed(QString::fromStdString(paths.error().message));
            }
            Q_EMIT checksChanged();
        });
}

QVariant RestoreTreeModel::data(const QModelIndex& index, int role) const {
    const auto* n = node(index);
    if (!n) return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return QString::fromStdString(n->entry.name);
        case Size:
            return n->isDir() ? QVariant() : formatBytes(n->entry.size);
        case Modified:
            return n->isRoot || !n->entry.mtime
                       ? QVariant()
                       : QVariant(QLocale().toString(QDateTime::fromSecsSinceEpoch(n->entry.mtime),
                                                     QLocale::ShortFormat));
        case Job:
            return QVariant::fromValue<qint64>(n->entry.job);
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
        return QVariant::fromValue<qint64>(n->entry.job);
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
    // A ticked folder, partly unticked before it was listed whole: its other rows are read.
    for (auto* p = n->parent; p; p = p->parent)
        if (p->check == Qt::PartiallyChecked && p->rest == Qt::Checked && !p->complete &&
            !p->restAsked)
            readRest(p);
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
    if (n->complete || n->rest != Qt::Checked) return;
    // A ticked folder partly unticked while not fully listed: its unlisted rows are ticked too.
    if (!n->restKnown || n->restFailed) {
        paths.push_back(n->entry.path); // still reading (Start waits) or unreadable: the folder
        return;
    }
    std::set<std::string> listed;
    for (const auto& c : n->children)
        listed.insert(c->entry.path);
    for (const auto& p : n->restPaths)
        if (!listed.count(p)) paths.push_back(p);
}

bool RestoreTreeModel::pending(const Node* n) const {
    if (n->check != Qt::PartiallyChecked) return false;
    if (!n->complete && n->rest == Qt::Checked && !n->restKnown) return true;
    for (const auto& c : n->children)
        if (pending(c.get())) return true;
    return false;
}

bool RestoreTreeModel::selectionPending() const {
    for (const auto& t : top_)
        if (pending(t.get())) return true;
    return false;
}

std::vector<RestoreRequest> RestoreTreeModel::selection() const {
    std::vector<RestoreRequest> out;
    for (const auto& t : top_) {
        if (t->check == Qt::Unchecked) continue;
        RestoreRequest r;
        r.saveset_id = roots_[t->root].id;
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
