#pragma once
// Samples the machine's per-CPU utilization (/proc/stat deltas, computed in engine/metrics) and
// the engine process's CPU time and memory on a QTimer, and emits the results. GUI thread;
// reading /proc is a few microseconds, so it does not need a worker thread.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "metrics/cpu_stat.h"
#include "metrics/process_cpu.h"
#include "metrics/process_stat.h"

namespace tl::ui {

class SystemPoller final : public QObject {
    Q_OBJECT
public:
    explicit SystemPoller(QObject* parent = nullptr, int intervalMs = 1000);
    void setInterval(int ms) { timer_.setInterval(ms); }
    int interval() const { return timer_.interval(); }

Q_SIGNALS:
    // t: wall-clock unix seconds (with fraction), the time axis the jobs' graphs use too.
    void cpuSampled(double t, const tl::metrics::CpuSample& sample);
    // cpuPercent: the engine process's CPU use over the last interval, in % of one core (at
    // most 100 % × the CPUs it may run on).
    void processSampled(double cpuPercent, quint64 rssBytes);
    void failed(const QString& message);

private:
    void poll();
    QTimer timer_;
    QElapsedTimer clock_;
    double startedAt_ = 0; // unix seconds when clock_ started
    metrics::CpuReading last_;
    bool haveLast_ = false;
    metrics::ProcessCpuMeter processCpu_;
};

} // namespace tl::ui
