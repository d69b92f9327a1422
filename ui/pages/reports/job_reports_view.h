#pragma once
// Reports ▸ Jobs: the job history (sortable), and for the selected job its report, its graphs
// (per-drive and per-CPU series) and export as CSV, PNG or PDF (job_export.h); a trend of the
// backups' rates and durations over time. Reads the catalog through its own read-only connection.
#include <QList>
#include <QWidget>
#include <memory>

class QCustomPlot;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace tl::ui {

class JobExport;
class JobHistoryModel;

class JobReportsView final : public QWidget {
    Q_OBJECT
public:
    JobReportsView(const QString& catalogPath, QWidget* parent = nullptr);
    ~JobReportsView() override;

    void refresh();
    // Shows job `id` (selects its row); false when it is not in the history.
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

private:
    void load(qint64 id);
    void drawTrend();
    void fail(const QString& message);
    void setExportable(bool on);
    QString catalog_;
    JobHistoryModel* model_;
    QTableView* table_;
    QPlainTextEdit* report_;
    QPlainTextEdit* log_;
    QCustomPlot* graphs_;
    QCustomPlot* trend_;
    QLabel* status_;
    qint64 job_ = 0;
    std::unique_ptr<JobExport> export_; // the job shown
    QList<QPushButton*> exports_;       // enabled while a job is shown
};

} // namespace tl::ui
