#pragma once
// The Reports page: job reports (history, a job's figures and graphs, trends, export) and the
// benchmarks that reproduce the seeds, run from here.
#include <QWidget>

#include "bridge/typed_door.h"

class QTabWidget;

namespace tl::ui {

class BenchView;
class JobReportsView;

class ReportsPage final : public QWidget {
    Q_OBJECT
public:
    // `door`: the service whose jobs are read; `cli`: the tapeloom-cli of the benchmarks (run on
    // this machine).
    ReportsPage(const DoorAddress& door, const QString& cli, QWidget* parent = nullptr);
    JobReportsView* jobs() const { return jobs_; }
    BenchView* bench() const { return bench_; }

protected:
    void showEvent(QShowEvent* e) override;

private:
    JobReportsView* jobs_;
    BenchView* bench_;
};

} // namespace tl::ui
