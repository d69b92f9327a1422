#pragma once
// The side panel of the Media page for one volume: its fields, its state history and the
// jobs on it; double-clicking (or Enter on) a job asks for its report. Reads through its own
// read-only catalog connection when shown a volume. GUI thread only.
#include <QWidget>

#include "context/catalog_handle.h"
#include "pages/media/media_snapshot.h"

class QLabel;
class QTableView;

namespace tl::ui {

class VolumeHistoryModel;
class VolumeJobsModel;

class VolumeDetails final : public QWidget {
    Q_OBJECT
public:
    explicit VolumeDetails(QString catalogPath, QWidget* parent = nullptr);

    // Shows `row` (nullptr: nothing selected).
    void showVolume(const VolumeRow* row);
    QString barcode() const { return barcode_; }

    VolumeHistoryModel* historyModel() const { return history_; }
    VolumeJobsModel* jobsModel() const { return jobs_; }
    QTableView* jobsView() const { return jobsView_; }
    // The fields shown, wear and retirement forecast included (volume health).
    QString fieldsText() const;

Q_SIGNALS:
    void openReport(qint64 jobId);

private:
    QStringList healthLines(const CatalogHandle& db, const std::string& barcode);
    QString catalog_;
    QString barcode_;
    QString shown_; // what the panel shows, to skip reloading the same
    QLabel* title_;
    QLabel* fields_;
    QLabel* error_;
    VolumeHistoryModel* history_;
    VolumeJobsModel* jobs_;
    QTableView* historyView_;
    QTableView* jobsView_;
};

} // namespace tl::ui
