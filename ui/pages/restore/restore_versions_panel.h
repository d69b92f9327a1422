#pragma once
// The versions of one file (as `tapeloom-cli files versions PATH`: every backup holding it and
// its deletion markers, oldest first); picking one and pressing "Restore this version" emits
// versionChosen() with the job that holds it. Reads them through the typed door of the service
// the console shows (GET /v1/files/versions) on a worker thread, never the catalog, so a remote
// console shows the same. GUI thread only.
#include <QWidget>
#include <vector>

#include "bridge/typed_door.h"

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace tl::ui {

class RestoreVersionsPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreVersionsPanel(DoorAddress door, QWidget* parent = nullptr);

    // Asks for the versions of `absolutePath` (source + "/" + relative) and lists them when the
    // answer comes (versionsShown); an error of the service is shown and logged. An empty path
    // clears the list. False when there is nothing to ask.
    bool showVersions(const QString& absolutePath);
    QStandardItemModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    // Emits versionChosen() for row `row` (a deleted marker cannot be chosen); false if invalid.
    bool chooseRow(int row);

Q_SIGNALS:
    // The versions of the file last asked for are listed (`ok`), or could not be read.
    void versionsShown(bool ok);
    // `relativePath` is the file's path below `source` ("" for a single-file source).
    void versionChosen(qint64 jobId, const QString& source, const QString& relativePath);

private:
    void listVersions(const Result<std::vector<job::FileVersion>>& versions);
    DoorAddress door_;
    QString path_;
    quint64 asked_ = 0; // the newest read asked: older answers are dropped
    QLabel* title_;
    QTableView* view_;
    QStandardItemModel* model_;
    QPushButton* restore_;
};

} // namespace tl::ui
