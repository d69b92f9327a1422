#pragma once
// The Dashboard: what the machine and the engine are doing now. Today: the live per-CPU graph,
// the engine's own CPU and memory, and the data directory. Drive and session views join it as
// the engine's jobs appear.
#include <QWidget>

class QLabel;

namespace tl::ui {

class CpuPlot;
class SystemPoller;

class DashboardPage final : public QWidget {
    Q_OBJECT
public:
    DashboardPage(SystemPoller* poller, const QString& home, QWidget* parent = nullptr);
    CpuPlot* cpuPlot() const { return cpuPlot_; }

private:
    CpuPlot* cpuPlot_;
    QLabel* engineCpu_;
    QLabel* engineMemory_;
};

} // namespace tl::ui
