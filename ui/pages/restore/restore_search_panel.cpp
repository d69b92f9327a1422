#include "pages/restore/restore_search_panel.h"

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <algorithm>
#include <iterator>
#include <memory>

#include "bridge/engine_task.h"

namespace tl::ui {

namespace {
constexpr std::size_t kLimit = 1000;
enum Role { RootRole = Qt::UserRole + 1, RelRole };

QString absolute(const QString& source, const QString& rel) {
    return rel.isEmpty() ? source : source + QLatin1Char('/') + rel;
}
} // namespace

RestoreSearchPanel::RestoreSearchPanel(RestoreTreeModel* tree, QWidget* parent)
    : QWidget(parent), tree_(tree), field_(new QLineEdit(this)), list_(new QListView(this)),
      results_(new QStandardItemModel(this)), status_(new QLabel(this)) {
    field_->setPlaceholderText(tr("Search by name (e.g. report or *.pdf), Enter to search"));
    field_->setAccessibleName(tr("Search by name"));
    field_->setClearButtonEnabled(true);
    list_->setModel(results_);
    list_->setAccessibleName(tr("Search results"));
    list_->setUniformItemSizes(true);
    status_->setAccessibleName(tr("Search status"));
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(field_);
    box->addWidget(list_, 1);
    box->addWidget(status_);
    connect(field_, &QLineEdit::returnPressed, this, [this] { search(field_->text()); });
    connect(results_, &QStandardItemModel::itemChanged, this, &RestoreSearchPanel::checksChanged);
    connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this] { Q_EMIT currentPathChanged(currentPath()); });
}

void RestoreSearchPanel::clear() {
    results_->clear();
    status_->clear();
    Q_EMIT checksChanged();
}

bool RestoreSearchPanel::search(const QString& text) {
    results_->clear();
    ++generation_;
    const auto& roots = tree_->roots();
    if (text.trimmed().isEmpty() || roots.empty()) {
        status_->setText(roots.empty() ? tr("Choose a backup first.") : QString());
        Q_EMIT checksChanged();
        Q_EMIT searched();
        return true;
    }
    status_->setText(tr("Searching…"));
    ++searching_;
    // One search per save set of the view, at most kLimit results in all.
    runBackgroundRead(
        nullptr, this,
        [door = tree_->door(), roots, pattern = text.trimmed().toStdString(),
         generation = generation_, this]() -> GuiContinuation {
            auto hits = readService<std::vector<std::pair<std::size_t, client::FileEntry>>>(
                door, "restore search",
                [&](client::Api& api)
                    -> Result<std::vector<std::pair<std::size_t, client::FileEntry>>> {
                    std::vector<std::pair<std::size_t, client::FileEntry>> all;
                    for (std::size_t i = 0; i < roots.size() && all.size() < kLimit; ++i) {
                        client::FileSearch q;
                        q.pattern = pattern;
                        q.saveset = roots[i].id;
                        q.limit = static_cast<std::int64_t>(kLimit - all.size());
                        auto found = api.find_files(q);
                        if (!found) return found.error();
                        for (auto& e : found.value())
                            all.emplace_back(i, std::move(e));
                    }
                    return all;
                });
            auto r = std::make_shared<decltype(hits)>(std::move(hits));
            return [this, r, generation] {
                --searching_;
                if (generation == generation_) showHits(*r);
            };
        });
    return true;
}

void RestoreSearchPanel::showHits(
    const Result<std::vector<std::pair<std::size_t, client::FileEntry>>>& hits) {
    if (!hits) {
        status_->setText(tr("Search failed: %1").arg(QString::fromStdString(hits.error().message)));
        Q_EMIT searched();
        return;
    }
    const auto& roots = tree_->roots();
    for (const auto& [root, h] : hits.value()) {
        if (root >= roots.size()) continue;
        const QString rel = QString::fromStdString(h.path);
        auto* item = new QStandardItem(absolute(QString::fromStdString(roots[root].source), rel) +
                                       (h.dir ? QStringLiteral("/") : QString()));
        item->setCheckable(true);
        item->setEditable(false);
        item->setData(static_cast<qulonglong>(root), RootRole);
        item->setData(rel, RelRole);
        results_->appendRow(item);
    }
    const int found = results_->rowCount();
    status_->setText(found >= int(kLimit) ? tr("The first %1 matches").arg(kLimit)
                                          : tr("%n match(es)", nullptr, found));
    Q_EMIT checksChanged();
    Q_EMIT searched();
}

std::vector<RestoreRequest> RestoreSearchPanel::selection() const {
    std::vector<RestoreRequest> out;
    const auto& roots = tree_->roots();
    for (int r = 0; r < results_->rowCount(); ++r) {
        const auto* item = results_->item(r);
        if (item->checkState() != Qt::Checked) continue;
        const auto root = item->data(RootRole).toULongLong();
        if (root >= roots.size()) continue;
        auto it = std::find_if(out.begin(), out.end(), [&](const RestoreRequest& q) {
            return q.saveset_id == roots[root].id;
        });
        if (it == out.end()) {
            out.push_back({roots[root].id, roots[root].source, {}});
            it = std::prev(out.end());
        }
        it->paths.push_back(item->data(RelRole).toString().toStdString());
    }
    return out;
}

QString RestoreSearchPanel::currentPath() const {
    const auto i = list_->currentIndex();
    if (!i.isValid()) return {};
    const auto root = i.data(RootRole).toULongLong();
    const auto& roots = tree_->roots();
    if (root >= roots.size()) return {};
    return absolute(QString::fromStdString(roots[root].source), i.data(RelRole).toString());
}

} // namespace tl::ui
