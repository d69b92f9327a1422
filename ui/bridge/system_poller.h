#pragma once
// Samples the machine of the service the console shows, through its typed door (GET /v1/host):
// the per-CPU utilization between two readings of its cumulative /proc/stat counters (computed
// in engine/metrics) and the service process's CPU use and memory, on a QTimer, and emits the
// results. Each read runs on a worker thread, one at a time (door_poll.h); a console on another
// machine thus shows the service's machine, not its own. A failed read is said once (failed(),
// logged once) until a read succeeds again. GUI thread only.
#include <QObject>
#include <QTimer>
#include <optional>

#include "bridge/door_poll.h"
#include "client/machine.h"
#include "metrics/cpu_stat.h"
#include "metrics/process_cpu.h"

namespace tl::ui {

class SystemPoller final : public QObject {
    Q_OBJECT
public:
    explicit SystemPoller(const DoorAddress& door, QObject* parent = nullptr,
                          int intervalMs = 1000);
    void setInterval(int ms) { timer_.setInterval(ms); }
    int interval() const { return timer_.interval(); }
    // Asks the service now (also called by the timer).
    void poll();

Q_SIGNALS:
    // t: the service machine's wall-clock unix seconds (with fraction), the time axis the
    // jobs' graphs use too.
    void cpuSampled(double t, const tl::metrics::CpuSample& sample);
    // cpuPercent: the service process's CPU use since the last reading, in % of one core (at
    // most 100 % × the CPUs it may run on).
    void processSampled(double cpuPercent, quint64 rssBytes);
    void failed(const QString& message);

private:
    void take(const Result<client::HostReading>& reading);
    DoorPoll door_;
    QTimer timer_;
    std::optional<client::HostReading> last_;
    std::optional<metrics::ProcessCpuMeter> processCpu_; // for the service's CPUs
    long long servicePid_ = 0;
    QString lastError_;
};

} // namespace tl::ui
