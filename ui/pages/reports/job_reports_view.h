#pragma once
// Reports ▸ Jobs: the job history (sortable), and for the selected job its report, its graphs
// (per-drive and per-CPU series) and export as CSV, PNG or PDF (job_export.h); a trend of the
// backups' rates and durations over time. The history (JobHistoryModel), the selected job's
// report and its series are read through the typed door of the data directory's service on a
// worker thread (served_history.h, served_job.h): historyShown() and jobShown() once they are
// shown, failed() with the service's error when they cannot be read.
#include <QList>
#include <QWidget>
#include <memory>

#include "bridge/typed_door.h"
#include "common/result.h"

class QCustomPlot;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace tl::ui {

class JobExport;
struct ServedJob;
class JobHistoryModel;

class JobReportsView final : public QWidget {
    Q_OBJECT
public:
    // `door`: the service whose jobs are read.
    JobReportsView(DoorAddress door, QWidget* parent = nullptr);
    ~JobReportsView() override;

    // Reads the history again (historyShown() once shown), then shows the job shown before or
    // the newest.
    void refresh();
    // Shows job `id` (selects its row, its report read from the service; jobShown() when
    // shown); false when it is not in the history.
    bool showJob(qint64 id);
    qint64 currentJob() const { return job_; }
    JobHistoryModel* model() const { return model_; }
    QCustomPlot* graphs() const { return graphs_; }
    QPlainTextEdit* reportText() const { return report_; }
    QPlainTextEdit* logText() const { return log_; } // the job's lines of the log file
    // The summary, the problems and the series (CSV); the summary, problems and graphs (PDF).
    bool exportCsv(const QString& path);
    bool exportPng(const QString& path);
    bool exportPdf(const QString& path);

Q_SIGNALS:
    void failed(const QString& message);
    void jobShown(qint64 id); // its report, log and graphs are on the view
    void historyShown();      // the history read by refresh() is on the view

private:
    void load(qint64 id, bool again = false);
    bool selectRow(qint64 id); // false when the job is not in the history
    void showHistory(const QString& error);
    void present(qint64 id, const Result<ServedJob>& served);
    void drawTrend();
    void fail(const QString& message);
    void setExportable(bool on);
    DoorAddress door_;
    JobHistoryModel* model_;
    QTableView* table_;
    QPlainTextEdit* report_;
    QPlainTextEdit* log_;
    QCustomPlot* graphs_;
    QCustomPlot* trend_;
    QLabel* status_;
    qint64 job_ = 0;
    qint64 pending_ = 0;                // the job whose read through the door runs
    std::unique_ptr<JobExport> export_; // the job shown
    QList<QPushButton*> exports_;       // enabled while a job is shown
};

} // namespace tl::ui
