#include "pages/media/media_ops.h"

#include <QDateTime>
#include <algorithm>
#include <set>

#include "api/engine.h"
#include "common/clock.h"
#include "common/version.h"
#include "device/library.h"
#include "device/virtual_changer.h"
#include "format/constants.h"
#include "media/labeler.h"
#include "media/prune.h"
#include "media/reconcile.h"
#include "media/volume_catalog.h"

namespace tl::ui {

namespace {
QString text(const Error& e) {
    return QString::fromStdString(e.message);
}

long long now_of(Engine& engine) {
    return to_unix_seconds(engine.clock().wall());
}

// The drive to label in: the one holding the cartridge, else the first empty one, else 0.
Result<std::size_t> label_drive(device::Library& lib, const std::string& barcode) {
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    for (const auto& d : inv->drives)
        if (d.full && d.barcode == barcode) return static_cast<std::size_t>(d.number);
    for (const auto& d : inv->drives)
        if (!d.full && static_cast<std::size_t>(d.number) < lib.drive_count())
            return static_cast<std::size_t>(d.number);
    return std::size_t{0};
}
} // namespace

namespace {
// The refusal of `volume relabel|recycle` while jobs on the volume are still kept.
QString refuse_kept(catalog::Db& db, const media::VolumeRecord& v, long long now) {
    auto kept = media::kept_jobs_on_volume(db, v.id, now);
    if (!kept) return text(kept.error());
    if (kept->empty()) return {};
    QStringList ids;
    long long until = 0;
    for (const auto& k : kept.value()) {
        ids << QString::number(k.id);
        until = std::max(until, k.kept_until);
    }
    return MediaOps::tr("Volume %1 still holds data under retention (job(s) %2, kept until "
                        "%3); nothing was changed. Tick \"force\" to discard it (its catalog "
                        "entries are purged).")
        .arg(QString::fromStdString(v.barcode), ids.join(QStringLiteral(", ")),
             QDateTime::fromSecsSinceEpoch(until).toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}
} // namespace

QString MediaOps::label(Engine& engine, const std::string& barcode, const std::string& pool_name,
                        bool relabel, bool force, QString* message) {
    auto& db = engine.catalog();
    const long long now = now_of(engine);
    auto known = media::lookup_volume(db, barcode);
    if (!known) return text(known.error());
    std::string pool = pool_name;
    if (pool.empty() && known.value()) pool = known.value()->pool;
    if (pool.empty()) pool = "Default";
    auto p = media::find_pool(db, pool);
    if (!p) return text(p.error());
    const QString bc = QString::fromStdString(barcode);
    if (known.value()) {
        const auto& v = *known.value();
        if (v.state == media::VolumeState::Cleaning) {
            auto no = media::next_state(v.state, media::VolumeEvent::Label, {});
            return tr("Volume %1: %2").arg(bc, text(no.error()));
        }
        if (!relabel && v.state != media::VolumeState::Blank)
            return tr("Volume %1 is labeled already (pool %2, state %3); use Relabel.")
                .arg(bc, QString::fromStdString(v.pool),
                     QString::fromUtf8(media::to_string(v.state)));
        if (relabel && !force)
            if (auto why = refuse_kept(db, v, now); !why.isEmpty()) return why;
    } else if (relabel) {
        return text(media::find_volume(db, barcode).error());
    }
    auto lib = device::open_library(
        db, engine.home(), known.value() ? known.value()->library : std::string(), engine.clock());
    if (!lib) return text(lib.error());
    auto present = lib.value()->barcodes();
    if (!present) return text(present.error());
    if (std::find(present->begin(), present->end(), barcode) == present->end())
        return tr("Cartridge %1 is not in library %2; insert it and import it first.")
            .arg(bc, QString::fromStdString(lib.value()->name()));
    if (relabel && !force) {
        // Nothing on it is kept (checked above): a written volume is recyclable first.
        const auto& v = *known.value();
        const bool written = v.state == media::VolumeState::Full ||
                             v.state == media::VolumeState::Used ||
                             v.state == media::VolumeState::Error ||
                             (v.state == media::VolumeState::Append && v.has_data());
        if (written)
            if (auto st = media::change_state(db, v, media::VolumeEvent::Recycle,
                                              "relabel in the console: nothing on it is kept", now);
                !st)
                return text(st.error());
    }
    auto drive = label_drive(*lib.value(), barcode);
    if (!drive) return text(drive.error());
    media::LabelRequest req;
    req.barcode = barcode;
    req.pool = p.value();
    req.block_size = static_cast<std::uint32_t>(format::kDefaultBlockSize);
    if (relabel && known.value()->block_size > 0)
        req.block_size = static_cast<std::uint32_t>(known.value()->block_size); // keep it
    req.overwrite = force           ? media::Overwrite::Anything
                    : known.value() ? media::Overwrite::OwnVolume
                                    : media::Overwrite::BlankOnly;
    req.reason = relabel
                     ? (force ? "relabeled with force in the console" : "relabeled in the console")
                     : "labeled in the console";
    req.engine_version = engine_version();
    auto r = media::label_volume(db, *lib.value(), drive.value(), req, engine.clock());
    (void)lib.value()->unmount(drive.value());
    if (!r) return text(r.error());
    if (message) {
        *message = tr("Volume %1 labeled for pool %2.").arg(bc, QString::fromStdString(p->name));
        if (r->jobs_purged)
            *message += QLatin1Char(' ') + tr("%n job(s) purged from the catalog.", nullptr,
                                              static_cast<int>(r->jobs_purged));
    }
    return {};
}

QString MediaOps::labelAllBlank(Engine& engine, const std::string& pool,
                                const std::function<bool(const std::string&)>& accept,
                                const std::function<void(int, int, const QString&)>& progress,
                                std::vector<LabelOutcome>* results) {
    auto& db = engine.catalog();
    auto p = media::find_pool(db, pool);
    if (!p) return text(p.error());
    auto lib = device::open_library(db, engine.home(), "", engine.clock());
    if (!lib) return text(lib.error());
    auto present = lib.value()->barcodes();
    if (!present) return text(present.error());
    std::vector<std::string> todo;
    for (const auto& bc : present.value()) {
        if (bc.empty() || bc.rfind("CLN", 0) == 0) continue;
        if (accept && !accept(bc)) continue;
        auto known = media::lookup_volume(db, bc);
        if (!known) return text(known.error());
        if (known.value() && known.value()->state != media::VolumeState::Blank) continue;
        todo.push_back(bc);
    }
    std::set<std::size_t> used_drives;
    QString error;
    for (std::size_t i = 0; i < todo.size() && error.isEmpty(); ++i) {
        const auto& bc = todo[i];
        if (progress)
            progress(static_cast<int>(i) + 1, static_cast<int>(todo.size()),
                     QString::fromStdString(bc));
        LabelOutcome out{QString::fromStdString(bc), {}};
        auto drive = label_drive(*lib.value(), bc);
        if (!drive) {
            out.error = error = text(drive.error());
        } else {
            used_drives.insert(drive.value());
            media::LabelRequest req;
            req.barcode = bc;
            req.pool = p.value();
            req.block_size = static_cast<std::uint32_t>(format::kDefaultBlockSize);
            req.reason = "labeled by Label all blank in the console";
            req.engine_version = engine_version();
            auto r = media::label_volume(db, *lib.value(), drive.value(), req, engine.clock());
            if (!r) {
                out.error = text(r.error());
                const auto k = r.error().kind;
                if (k != ErrorKind::Foreign && k != ErrorKind::WriteProtected &&
                    k != ErrorKind::Corrupt)
                    error = out.error; // not the cartridge: the library or the catalog
            }
        }
        if (results) results->push_back(out);
    }
    for (auto d : used_drives)
        (void)lib.value()->unmount(d); // back to their slots
    return error;
}

QString MediaOps::recycle(Engine& engine, const std::string& barcode, bool force) {
    auto& db = engine.catalog();
    const long long now = now_of(engine);
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    if (!force)
        if (auto why = refuse_kept(db, v.value(), now); !why.isEmpty()) return why;
    auto st = media::change_state(
        db, v.value(), media::VolumeEvent::Recycle,
        force ? "recycled with force in the console" : "recycled in the console", now);
    return st ? QString() : text(st.error());
}

QString MediaOps::changeState(Engine& engine, const std::string& barcode, media::VolumeEvent event,
                              const QString& reason) {
    auto& db = engine.catalog();
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    auto st = media::change_state(db, v.value(), event, reason.toStdString(), now_of(engine));
    return st ? QString() : text(st.error());
}
} // namespace tl::ui
