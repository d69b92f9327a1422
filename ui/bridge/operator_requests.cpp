#include "bridge/operator_requests.h"

#include <QMetaObject>
#include <QPointer>
#include <map>
#include <thread>

#include "bridge/engine_task.h"
#include "catalog/db.h"
#include "common/clock.h"
#include "common/log.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "media/pool.h"
#include "metrics/live_board.h"
#include "schedule/definition_store.h"

namespace tl::ui {

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}

Result<std::int64_t> count(catalog::Db& db, const char* sql, std::int64_t id) {
    auto s = db.prepare(sql);
    if (!s) return s.error();
    s->bind(1, id);
    auto r = s->step();
    if (!r) return r.error();
    return r.value() ? s->i64(0) : 0;
}

// A blank cartridge the pool could label: in the library, not a cleaning cartridge, and
// unknown to the catalog or known as blank.
Result<bool> has_blank(catalog::Db& db, const std::string& home, const std::string& library) {
    SystemClock clock;
    auto lib = device::open_library(db, home, library, clock);
    if (!lib) return lib.error();
    auto inv = lib.value()->changer().inventory();
    if (!inv) return inv.error();
    auto known = db.prepare("SELECT count(*) FROM volumes WHERE barcode = ? AND state <> 'blank'");
    if (!known) return known.error();
    for (const auto* v : {&inv->storage, &inv->drives})
        for (const auto& e : *v) {
            if (!e.full || e.barcode.empty() || e.barcode.rfind("CLN", 0) == 0) continue;
            known->reset();
            known->bind(1, e.barcode);
            auto r = known->step();
            if (!r) return r.error();
            if (r.value() && known->i64(0) == 0) return true;
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
    QPointer<OperatorRequests> guard(this);
    auto check = [guard, path = catalogPath_.toStdString(), home = home_.toStdString(),
                  missing = restoreMissing_] {
        const auto shortages = findPoolShortages(path, home);
        const auto back = inLibrary(path, home, missing);
        if (!guard) return;
        QMetaObject::invokeMethod(
            guard.data(),
            [guard, shortages, back] {
                if (!guard) return;
                guard->checking_ = false;
                guard->setPoolShortages(shortages);
                guard->volumesBackInLibrary(back);
                if (guard->recheck_) guard->poll();
            },
            Qt::QueuedConnection);
    };
    if (gate_)
        runBackgroundRead(*gate_, std::move(check));
    else
        std::thread(std::move(check)).detach();
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
    auto db = catalog::Db::open(catalogPath, false);
    if (!db) return out;
    auto defs = schedule::DefinitionStore(db.value()).list();
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
        auto own = count(db.value(),
                         "SELECT count(*) FROM volumes WHERE pool_id = ? AND location = 'library' "
                         "AND state IN ('append', 'recyclable')",
                         pool->id);
        auto scratch = count(db.value(),
                             "SELECT count(*) FROM volumes v JOIN pools p ON p.id = v.pool_id "
                             "WHERE p.id <> ? AND p.name = 'Scratch' AND v.location = 'library' "
                             "AND (v.state = 'recyclable' OR (v.state = 'append' AND v.jobs = 0 "
                             "AND v.bytes = 0))",
                             pool->id);
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
    auto db = catalog::Db::open(catalogPath, false);
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
    auto s = db->prepare("SELECT count(*) FROM volumes WHERE barcode = ? AND location = 'library'");
    if (!s) return out;
    for (const auto& b : barcodes) {
        if (out.contains(b)) continue;
        s->reset();
        s->bind(1, b.toStdString());
        auto r = s->step();
        if (r && r.value() && s->i64(0) > 0) out << b;
    }
    return out;
}

} // namespace tl::ui
