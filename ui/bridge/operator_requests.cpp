#include "bridge/operator_requests.h"

#include <map>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/media_ops.h"
#include "api/schedule_ops.h"
#include "bridge/engine_task.h"
#include "catalog/volume_store.h"
#include "common/clock.h"
#include "common/log.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "media/pool.h"
#include "metrics/live_board.h"
#include "schedule/definition_store.h"
#include "widgets/from_std.h"

namespace tl::ui {

namespace {
// A blank cartridge the pool could label: in the library, not a cleaning cartridge, and
// unknown to the catalog or known as blank.
Result<bool> has_blank(const CatalogHandle& db, const std::string& home,
                       const std::string& library) {
    SystemClock clock;
    auto lib = device::open_library(db, home, library, clock);
    if (!lib) return lib.error();
    auto inv = lib.value()->changer().inventory();
    if (!inv) return inv.error();
    for (const auto* v : {&inv->storage, &inv->drives})
        for (const auto& e : *v) {
            if (!e.full || e.barcode.empty() || e.barcode.rfind("CLN", 0) == 0) continue;
            auto labeled = catalog::is_labeled_volume(db, e.barcode);
            if (!labeled) return labeled.error();
            if (!labeled.value()) return true;
        }
    return false;
}
} // namespace

OperatorRequests::OperatorRequests(const QString& home, const QString& catalogPath, QObject* parent)
    : QObject(parent), home_(home), catalogPath_(catalogPath) {
    qRegisterMetaType<tl::ui::OperatorRequest>();
    connect(&timer_, &QTimer::timeout, this, &OperatorRequests::poll);
}

void OperatorRequests::start(int intervalMs) {
    timer_.start(intervalMs);
    poll();
}

void OperatorRequests::poll() {
    auto all = metrics::LiveBoard(home_.toStdString()).read();
    if (all) {
        setLiveSnapshots(all.value());
        lastError_.clear();
    } else if (const QString msg = q(all.error().message); msg != lastError_) {
        lastError_ = msg;
        log::get("ui")->error("operator requests: {}", all.error().message);
        Q_EMIT failed(msg);
    }
    if (checking_) {
        recheck_ = true; // the running check may have read the catalog before a change
        return;
    }
    checking_ = true;
    recheck_ = false;
    runBackgroundRead(gate_, this,
                      [this, path = catalogPath_.toStdString(), home = home_.toStdString(),
                       missing = restoreMissing_]() -> GuiContinuation {
                          const auto shortages = findPoolShortages(path, home); // values only
                          const auto back = inLibrary(path, home, missing);
                          return [this, shortages, back] {
                              checking_ = false;
                              setPoolShortages(shortages);
                              volumesBackInLibrary(back);
                              if (recheck_) poll();
                          };
                      });
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

QList<PoolShortage> OperatorRequests::findPoolShortages(const std::string& catalogPath,
                                                        const std::string& home) {
    QList<PoolShortage> out;
    auto db = CatalogHandle::open(catalogPath, false);
    if (!db) return out;
    auto defs = schedule::definition_store(db.value()).list();
    if (!defs) return out;
    std::map<std::string, PoolShortage> byPool;
    std::map<std::string, std::string> libraryOf;
    for (const auto& d : defs.value()) {
        auto& p = byPool[d.pool];
        p.pool = q(d.pool);
        p.definitions << q(d.name);
        if (!libraryOf.count(d.pool)) libraryOf[d.pool] = d.library;
    }
    for (auto& [name, shortage] : byPool) {
        auto pool = media::find_pool(db.value(), name);
        if (!pool) continue; // the job itself reports a missing pool
        auto own = catalog::writable_volumes_in_library(db.value(), pool->id);
        auto scratch = catalog::scratch_volumes_in_library(db.value(), pool->id);
        if (!own || !scratch || own.value() + scratch.value() > 0) continue;
        auto lib = device::find_library(db.value(), libraryOf[name]);
        if (!lib) continue;
        shortage.library = q(lib->name);
        if (pool->auto_label) {
            auto blank = has_blank(db.value(), home, lib->name);
            if (!blank || blank.value()) continue;
        }
        out << shortage;
    }
    return out;
}

QStringList OperatorRequests::inLibrary(const std::string& catalogPath, const std::string& home,
                                        const QStringList& barcodes) {
    QStringList out;
    if (barcodes.isEmpty()) return out;
    auto db = CatalogHandle::open(catalogPath, false);
    if (!db) return out;
    // The changers first: an operator who put the cartridge back answered the request, whether
    // or not the catalog has recorded the move yet.
    if (auto libs = device::list_libraries(db.value())) {
        SystemClock clock;
        for (const auto& l : libs.value()) {
            auto lib = device::open_library(db.value(), home, l.name, clock);
            if (!lib) continue;
            auto present = lib.value()->barcodes();
            if (!present) continue;
            for (const auto& b : present.value())
                if (barcodes.contains(QString::fromStdString(b))) out << QString::fromStdString(b);
        }
    }
    for (const auto& b : barcodes) {
        if (out.contains(b)) continue;
        auto known = catalog::is_in_library(db.value(), b.toStdString());
        if (known && known.value()) out << b;
    }
    return out;
}

} // namespace tl::ui
