#pragma once
// The Reports page: job reports (history, a job's figures and graphs, trends, export) and the
// benchmarks that reproduce the seeds, run from here.
#include <QWidget>

class QTabWidget;

namespace tl::ui {

class BenchView;
class JobReportsView;

class ReportsPage final : public QWidget {
    Q_OBJECT
public:
    // `home`: the data directory whose service is read; `cli`: the tapeloom-cli of the benchmarks.
    ReportsPage(const QString& home, const QString& cli, QWidget* parent = nullptr);
    JobReportsView* jobs() const { return jobs_; }
    BenchView* bench() const { return bench_; }

protected:
    void showEvent(QShowEvent* e) override;

private:
    JobReportsView* jobs_;
    BenchView* bench_;
};

} // namespace tl::ui
