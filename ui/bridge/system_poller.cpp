#include "bridge/system_poller.h"

#include <QDateTime>

#include "common/log.h"

namespace tl::ui {

SystemPoller::SystemPoller(QObject* parent, int intervalMs) : QObject(parent) {
    qRegisterMetaType<tl::metrics::CpuSample>("tl::metrics::CpuSample");
    clock_.start();
    startedAt_ = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1e3;
    connect(&timer_, &QTimer::timeout, this, &SystemPoller::poll);
    timer_.start(intervalMs);
    poll(); // the first reading is the baseline
}

void SystemPoller::poll() {
    const double t = static_cast<double>(clock_.nsecsElapsed()) / 1e9;
    auto reading = metrics::read_proc_stat();
    if (!reading) {
        log::get("metrics")->error("{}", reading.error().message);
        Q_EMIT failed(QString::fromStdString(reading.error().message));
        return;
    }
    const auto proc = metrics::read_process_stat();
    const double pct = processCpu_.sample(proc.cpu_seconds, t);
    if (haveLast_) {
        // Wall clock from the monotonic timer: no jumps, one axis with the drives' graph.
        Q_EMIT cpuSampled(startedAt_ + t, metrics::usage_between(last_, reading.value()));
        Q_EMIT processSampled(pct, proc.rss_bytes);
    }
    last_ = std::move(reading.value());
    haveLast_ = true;
}

} // namespace tl::ui
