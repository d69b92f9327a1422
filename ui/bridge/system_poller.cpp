#include "bridge/system_poller.h"

#include <memory>

#include "common/log.h"

namespace tl::ui {

using Reading = Result<client::HostReading>;

SystemPoller::SystemPoller(const DoorAddress& door, QObject* parent, int intervalMs)
    : QObject(parent), door_(this, door, [this] {
          return [this](client::Api& api) -> GuiContinuation {
              auto reading = std::make_shared<Reading>(api.host());
              return [this, reading] { take(*reading); };
          };
      }) {
    qRegisterMetaType<tl::metrics::CpuSample>("tl::metrics::CpuSample");
    connect(&timer_, &QTimer::timeout, this, &SystemPoller::poll);
    timer_.start(intervalMs);
    poll(); // the first reading is the baseline
}

void SystemPoller::poll() {
    door_.request();
}

void SystemPoller::take(const Reading& reading) {
    if (!reading) {
        const QString msg = QString::fromStdString(reading.error().message);
        if (msg != lastError_) {
            log::get("metrics")->error("the service's machine: {}", reading.error().message);
            Q_EMIT failed(msg);
        }
        lastError_ = msg;
        return;
    }
    lastError_.clear();
    const auto& now = reading.value();
    // Another service process (restarted): its CPU time starts again, so does the meter.
    if (!processCpu_ || now.pid != servicePid_) {
        processCpu_.emplace(now.usable_cpus);
        servicePid_ = now.pid;
    }
    const double pct = processCpu_->sample(now.cpu_seconds, now.monotonic);
    if (last_) {
        Q_EMIT cpuSampled(now.time, metrics::usage_between(last_->cpu, now.cpu));
        Q_EMIT processSampled(pct, now.rss_bytes);
    }
    last_ = now;
}

} // namespace tl::ui
