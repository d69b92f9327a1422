#pragma once
// The side panel of the Media page for one volume: its fields, its state history and the
// jobs on it; double-clicking (or Enter on) a job asks for its report. Reads its wear, history
// and jobs through the typed door (typed_door.h) on a worker thread when shown a volume, never
// the Engine nor the catalog. GUI thread only.
#include <QWidget>

#include <vector>

#include "bridge/typed_door.h"
#include "client/volume_usage.h"
#include "media/volume_health.h"
#include "pages/media/media_snapshot.h"

class QLabel;
class QTableView;

namespace tl::ui {

class TaskBoard;
class VolumeHistoryModel;
class VolumeJobsModel;

// What the panel reads of one volume ("" error: all of it was read).
struct VolumeDetailRead {
    std::vector<media::VolumeHealth> health;
    std::vector<media::HistoryEntry> history;
    std::vector<client::VolumeJob> jobs;
    QString error;
};

class VolumeDetails final : public QWidget {
    Q_OBJECT
public:
    // `board`, when given, counts its reads (the window waits for them before closing).
    VolumeDetails(DoorAddress door, TaskBoard* board, QWidget* parent = nullptr);

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
    QStringList healthLines(const std::vector<media::VolumeHealth>& rows);
    void applyDetails(VolumeDetailRead read, const QStringList& lines);
    DoorAddress door_;
    TaskBoard* board_;
    quint64 asked_ = 0; // the newest read asked: older answers are dropped
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
