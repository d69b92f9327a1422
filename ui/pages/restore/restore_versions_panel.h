#pragma once
// The versions of one file (as `tapeloom-cli files versions PATH`: every backup holding it and
// its deletion markers, oldest first); picking one and pressing "Restore this version" emits
// versionChosen() with the job that holds it. Reads through its own short-lived read-only
// catalog connection. GUI thread only.
#include <QWidget>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace tl::ui {

class RestoreVersionsPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreVersionsPanel(QString catalogPath, QWidget* parent = nullptr);

    // Lists the versions of `absolutePath` (source + "/" + relative); false on a catalog error
    // (shown and logged). An empty path clears the list.
    bool showVersions(const QString& absolutePath);
    QStandardItemModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    // Emits versionChosen() for row `row` (a deleted marker cannot be chosen); false if invalid.
    bool chooseRow(int row);

Q_SIGNALS:
    // `relativePath` is the file's path below `source` ("" for a single-file source).
    void versionChosen(qint64 jobId, const QString& source, const QString& relativePath);

private:
    QString catalog_, path_;
    QLabel* title_;
    QTableView* view_;
    QStandardItemModel* model_;
    QPushButton* restore_;
};

} // namespace tl::ui
