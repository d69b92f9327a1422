#pragma once
// Live per-CPU utilization graph: one line per CPU (busy = user + system) plus the overall
// iowait, in percent, over the CpuHistory window. Redraws only when visible and only after a
// new point arrived (queued replot).
#include <QWidget>

#include "models/cpu_history.h"

class QCustomPlot;

namespace tl::ui {

class CpuPlot final : public QWidget {
    Q_OBJECT
public:
    explicit CpuPlot(QWidget* parent = nullptr);
    void addSample(double t, const metrics::CpuSample& sample);

    // For tests and export.
    int cpuGraphCount() const;
    int pointCount(int cpu) const;
    QCustomPlot* plot() const { return plot_; }
    const CpuHistory& history() const { return history_; }

protected:
    void showEvent(QShowEvent* e) override;

private:
    void rebuildGraphs();
    void refresh();
    QCustomPlot* plot_;
    CpuHistory history_;
    bool dirty_ = false;
};

} // namespace tl::ui
