#pragma once
// Search by name over the point in time shown in the tree (GET /v1/files/find through the
// console's typed door, per save set of the view: a glob when the text has * ? or [, else a
// substring, at most 1,000 results), as a flat list of paths the user can tick. The search runs
// on a worker thread; its results come in when the service answered (searched()). GUI thread
// only.
#include <QWidget>
#include <utility>
#include <vector>

#include "models/restore_tree_model.h"

class QLabel;
class QLineEdit;
class QListView;
class QStandardItemModel;

namespace tl::ui {

class RestoreSearchPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreSearchPanel(RestoreTreeModel* tree, QWidget* parent = nullptr);

    QLineEdit* field() const { return field_; }
    QStandardItemModel* results() const { return results_; }
    // Starts the search for `text` (true); its results replace the list once the service
    // answered (searched()), an error is shown in the panel (logged once).
    bool search(const QString& text);
    bool isSearching() const { return searching_ > 0; }
    void clear();
    // The ticked results, one request per source.
    std::vector<RestoreRequest> selection() const;
    // The path (source + "/" + relative) of the current result, or "".
    QString currentPath() const;

Q_SIGNALS:
    void checksChanged();
    void currentPathChanged(const QString& absolutePath);
    void searched(); // the results of the last search are in (or its error is shown)

private:
    void showHits(const Result<std::vector<std::pair<std::size_t, client::FileEntry>>>& hits);

    RestoreTreeModel* tree_;
    QLineEdit* field_;
    QListView* list_;
    QStandardItemModel* results_;
    QLabel* status_;
    int searching_ = 0;
    quint64 generation_ = 0; // which search() the results are of
};

} // namespace tl::ui
