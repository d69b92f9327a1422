#pragma once
// Live per-CPU utilization graph: one line per CPU (busy = user + system) plus the overall
// iowait (dashed), in percent, with the zoom levels, pause and PNG export of TimeSeriesPlot.
#include <QWidget>

#include "metrics/cpu_stat.h"

namespace tl::ui {

class TimeSeriesPlot;

class CpuPlot final : public QWidget {
    Q_OBJECT
public:
    explicit CpuPlot(QWidget* parent = nullptr);
    // `t`: seconds on any monotonic origin.
    void addSample(double t, const metrics::CpuSample& sample);
    // The same from a job's live snapshot (per-CPU busy %, iowait %).
    void addBusy(double t, const std::vector<double>& busy, double iowait);

    // For tests and export.
    int cpuGraphCount() const;
    int pointCount(int cpu) const;
    TimeSeriesPlot* graph() const { return plot_; }

private:
    TimeSeriesPlot* plot_;
    std::size_t cpus_ = 0;
};

} // namespace tl::ui
