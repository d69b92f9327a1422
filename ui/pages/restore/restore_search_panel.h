#pragma once
// Search by name over the point in time shown in the tree (job/catalog_browser.h search_names:
// a glob when the text has * ? or [, else a substring, at most 1,000 results), as a flat list of
// paths the user can tick. Uses the tree model's catalog connection. GUI thread only.
#include <QWidget>
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
    // Runs the search for `text`; false (shown and logged) on a catalog error.
    bool search(const QString& text);
    void clear();
    // The ticked results, one request per source.
    std::vector<RestoreRequest> selection() const;
    // The path (source + "/" + relative) of the current result, or "".
    QString currentPath() const;

Q_SIGNALS:
    void checksChanged();
    void currentPathChanged(const QString& absolutePath);

private:
    RestoreTreeModel* tree_;
    QLineEdit* field_;
    QListView* list_;
    QStandardItemModel* results_;
    QLabel* status_;
};

} // namespace tl::ui
