#include "bridge/operator_requests.h"

#include <memory>

#include "bridge/engine_task.h"
#include "common/log.h"
#include "widgets/from_std.h"

namespace tl::ui {

OperatorRequests::OperatorRequests(const ConsoleContext& ctx, QObject* parent)
    : QObject(parent), ctx_(ctx) {
    qRegisterMetaType<tl::ui::OperatorRequest>();
    connect(&timer_, &QTimer::timeout, this, &OperatorRequests::poll);
}

void OperatorRequests::start(int intervalMs) {
    timer_.start(intervalMs);
    poll();
}

void OperatorRequests::poll() {
    if (checking_) {
        recheck_ = true; // the running read may have asked before a change
        return;
    }
    checking_ = true;
    recheck_ = false;
    runBackgroundRead(gate_, this,
                      [this, door = ctx_.door, missing = restoreMissing_]() -> GuiContinuation {
                          auto read = std::make_shared<Result<OperatorFindings>>(
                              findOperatorCauses(door, missing)); // values only
                          return [this, read] {
                              checking_ = false;
                              found(*read);
                              if (recheck_) poll();
                          };
                      });
}

void OperatorRequests::found(const Result<OperatorFindings>& findings) {
    if (!findings) { // the requests shown stay until the service answers again
        if (const QString msg = q(findings.error().message); msg != lastError_) {
            lastError_ = msg; // logged by the read
            Q_EMIT failed(msg);
        }
        return;
    }
    lastError_.clear();
    setLiveSnapshots(findings->live);
    setPoolShortages(findings->shortages);
    volumesBackInLibrary(findings->backInLibrary);
}

void OperatorRequests::setLiveSnapshots(const std::vector<metrics::LiveSnapshot>& snapshots) {
    live_.clear();
    for (const auto& s : snapshots) {
        if (s.ended) continue;
        for (const auto& d : s.drives) {
            if (d.state != "waiting for media") continue;
            OperatorRequest r;
            r.kind = OperatorRequest::Kind::DriveWaitingForMedia;
            r.key = QStringLiteral("media:") + q(d.name);
            r.subject = q(d.name);
            r.text = tr("Drive %1 is waiting for media (%2 job %3): put a usable cartridge "
                        "into the library or label one for the job's pool.")
                         .arg(q(d.name), q(s.kind))
                         .arg(s.job_id);
            r.pages = {QStringLiteral("library"), QStringLiteral("media")};
            live_ << r;
        }
    }
    update();
}

void OperatorRequests::setPoolShortages(const QList<PoolShortage>& shortages) {
    pools_.clear();
    for (const auto& p : shortages) {
        OperatorRequest r;
        r.kind = OperatorRequest::Kind::NoUsableVolume;
        r.key = QStringLiteral("pool:") + p.pool;
        r.subject = p.pool;
        r.text = tr("No volume left for pool %1 (jobs: %2): library %3 has no appendable "
                    "volume and no blank cartridge for it. Import blank cartridges, label some "
                    "into the Scratch pool or recycle volumes.")
                     .arg(p.pool, p.definitions.join(QStringLiteral(", ")), p.library);
        r.pages = {QStringLiteral("media"), QStringLiteral("library")};
        pools_ << r;
    }
    update();
}

void OperatorRequests::setRestoreMissing(const QStringList& barcodes) {
    restoreMissing_ = barcodes;
    restore_.clear();
    for (const auto& b : barcodes) {
        OperatorRequest r;
        r.kind = OperatorRequest::Kind::InsertVolume;
        r.key = QStringLiteral("insert:") + b;
        r.subject = b;
        r.text = tr("Insert volume %1 into the library: a restore needs it.").arg(b);
        r.pages = {QStringLiteral("library"), QStringLiteral("media")};
        restore_ << r;
    }
    update();
}

void OperatorRequests::volumesBackInLibrary(const QStringList& barcodes) {
    if (barcodes.isEmpty()) return;
    QStringList still;
    for (const auto& b : restoreMissing_)
        if (!barcodes.contains(b)) still << b;
    if (still != restoreMissing_) setRestoreMissing(still);
}

void OperatorRequests::setDrivesNeedingCleaning(const QStringList& drives) {
    cleaning_.clear();
    for (const auto& d : drives) {
        OperatorRequest r;
        r.kind = OperatorRequest::Kind::DriveNeedsCleaning;
        r.key = QStringLiteral("clean:") + d;
        r.subject = d;
        r.text = tr("Drive %1 asks for cleaning: load a cleaning cartridge into it.").arg(d);
        r.pages = {QStringLiteral("library"), QStringLiteral("devices")};
        cleaning_ << r;
    }
    update();
}

void OperatorRequests::dismiss(const QString& key) {
    dismissed_.insert(key);
    update();
}

void OperatorRequests::update() {
    QList<OperatorRequest> now;
    QSet<QString> causes;
    for (const auto* list : {&live_, &pools_, &restore_, &cleaning_})
        for (const auto& r : *list) {
            causes.insert(r.key);
            if (!dismissed_.contains(r.key)) now << r;
        }
    // A dismissal lasts as long as its cause.
    for (auto it = dismissed_.begin(); it != dismissed_.end();)
        it = causes.contains(*it) ? std::next(it) : dismissed_.erase(it);
    if (now == shown_) return;
    const auto before = shown_;
    shown_ = now;
    auto has = [](const QList<OperatorRequest>& list, const QString& key) {
        for (const auto& r : list)
            if (r.key == key) return true;
        return false;
    };
    for (const auto& r : before)
        if (!has(now, r.key)) Q_EMIT requestRemoved(r.key);
    for (const auto& r : now)
        if (!has(before, r.key)) {
            log::get("ui")->info("operator request: {}", r.text.toStdString());
            Q_EMIT requestAdded(r);
        }
    Q_EMIT changed();
}

} // namespace tl::ui
