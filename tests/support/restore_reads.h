#pragma once
// Waiting for the Restore page's reads through the typed door: its lists, its tree's view and
// pages and its searches run on worker threads and come in when the service answered.
#include <QAbstractItemModel>
#include <QTest>

#include "models/restore_tree_model.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_search_panel.h"
#include "pages/restore/restore_source_picker.h"

namespace tltest {

inline constexpr int kRestoreReadMs = 30000;

// True once the tree has no read under way (false when it still had after the timeout).
inline bool treeRead(tl::ui::RestoreTreeModel* m) {
    return QTest::qWaitFor([m] { return !m->isReading(); }, kRestoreReadMs);
}

// The next page of `parent`, once listed.
inline bool fetched(tl::ui::RestoreTreeModel* m, const QModelIndex& parent) {
    m->fetchMore(parent);
    return treeRead(m);
}

// The page shown, its list of backups and the tree of the first one chosen read.
inline bool shownAndRead(tl::ui::RestorePage& page) {
    page.show();
    return QTest::qWaitFor(
        [&page] { return !page.picker()->isRefreshing() && !page.treeModel()->isReading(); },
        kRestoreReadMs);
}

// The search of `text` on the panel, once its results are in.
inline bool searched(tl::ui::RestoreSearchPanel* panel, const QString& text) {
    return panel->search(text) &&
           QTest::qWaitFor([panel] { return !panel->isSearching(); }, kRestoreReadMs);
}

// The row named `name` below `parent`, listing more pages until it shows up.
inline QModelIndex child(tl::ui::RestoreTreeModel* m, const QModelIndex& parent,
                         const QString& name) {
    for (;;) {
        if (!treeRead(m)) return {};
        for (int r = 0; r < m->rowCount(parent); ++r) {
            const auto i = m->index(r, 0, parent);
            if (i.data().toString() == name) return i;
        }
        if (!m->canFetchMore(parent)) return {};
        m->fetchMore(parent);
    }
}

} // namespace tltest
