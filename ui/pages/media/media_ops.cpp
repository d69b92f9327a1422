#include "pages/media/media_ops.h"

#include <QDateTime>
#include <QStringList>
#include <memory>

#include "api/device_ops.h"
#include "api/media_ops.h"
#include "common/clock.h"
#include "common/version.h"
#include "context/engine.h"
#include "device/library.h"
#include "job/label_job.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"

namespace tl::ui {

namespace {
QString text(const Error& e) {
    return QString::fromStdString(e.message);
}

long long now_of(Engine& engine) {
    return to_unix_seconds(engine.clock().wall());
}

// The console's words for a refusal of media/volume_actions.h (the engine's message names CLI
// options); other errors are shown as the engine says them.
QString failure(const Error& e, const media::Refusal& why) {
    const QString bc = QString::fromStdString(why.barcode);
    const QString lib = QString::fromStdString(why.library);
    switch (why.what) {
    case media::Refused::Nothing:
        break;
    case media::Refused::Cleaning:
        return MediaOps::tr("Volume %1: %2").arg(bc, QString::fromStdString(why.detail));
    case media::Refused::LabeledAlready:
        return MediaOps::tr("Volume %1 is labeled already (pool %2, state %3); use Relabel.")
            .arg(bc, QString::fromStdString(why.pool),
                 QString::fromUtf8(media::to_string(why.state)));
    case media::Refused::Kept: {
        QStringList ids;
        for (auto id : why.jobs)
            ids << QString::number(id);
        return MediaOps::tr("Volume %1 still holds data under retention (job(s) %2, kept until "
                            "%3); nothing was changed. Tick \"force\" to discard it (its catalog "
                            "entries are purged).")
            .arg(bc, ids.join(QStringLiteral(", ")),
                 QDateTime::fromSecsSinceEpoch(why.kept_until)
                     .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    case media::Refused::NotInLibrary:
        return MediaOps::tr("Cartridge %1 is not in library %2; insert it and import it first.")
            .arg(bc, lib);
    case media::Refused::NoLocation:
        return MediaOps::tr("Name the location (vault, off-site name).");
    case media::Refused::InLibrary:
        return MediaOps::tr("Volume %1 is in %2 of library %3; export it to a mail slot first "
                            "(Library page), then mark it off-site.")
            .arg(bc, QString::fromStdString(why.position), lib);
    case media::Refused::CatalogDisagrees:
        return MediaOps::tr("The catalog has volume %1 in library %2 but the changer does not; "
                            "run an inventory with reconcile and check where it is. Nothing was "
                            "changed.")
            .arg(bc, lib);
    }
    return text(e);
}

template <class R> QString outcome(const R& r, const media::Refusal& why = {}) {
    return r ? QString() : failure(r.error(), why);
}
} // namespace

QString MediaOps::label(Engine& engine, const std::string& barcode, const std::string& pool,
                        bool relabel, bool force, QString* message) {
    CatalogHandle db(engine);
    media::LabelOptions o;
    o.barcode = barcode;
    o.pool = pool;
    o.relabel = relabel;
    o.force = force;
    o.reason = relabel
                   ? (force ? "relabeled with force in the console" : "relabeled in the console")
                   : "labeled in the console";
    o.recycle_reason = "relabel in the console: nothing on it is kept";
    o.engine_version = engine_version();
    media::Refusal why;
    auto plan = media::plan_label(db, o, now_of(engine), &why);
    if (!plan) return failure(plan.error(), why);
    auto lib = device::open_library(
        db, engine.home(), plan->known ? plan->known->library : std::string(), engine.clock());
    if (!lib) return text(lib.error());
    auto r = media::label_reserved(engine, *lib.value(), plan.value(), &why);
    if (!r) return failure(r.error(), why);
    if (message) *message = labeledText(barcode, plan->pool.name, r->jobs_purged);
    return {};
}

QString MediaOps::labeledText(const std::string& barcode, const std::string& pool,
                              std::int64_t jobsPurged) {
    QString text = tr("Volume %1 labeled for pool %2.")
                       .arg(QString::fromStdString(barcode), QString::fromStdString(pool));
    if (jobsPurged)
        text += QLatin1Char(' ') +
                tr("%n job(s) purged from the catalog.", nullptr, static_cast<int>(jobsPurged));
    return text;
}

QString MediaOps::labelAllBlank(Engine& engine, const std::string& pool,
                                const std::function<bool(const std::string&)>& accept,
                                const std::function<void(int, int, const QString&)>& progress,
                                std::vector<LabelOutcome>* results) {
    CatalogHandle db(engine);
    if (auto p = media::find_pool(db, pool); !p) return text(p.error()); // before the library
    auto lib = device::open_library(db, engine.home(), "", engine.clock());
    if (!lib) return text(lib.error());
    media::BlankLabelOptions o;
    o.pool = pool;
    o.reason = "labeled by Label all blank in the console";
    o.engine_version = engine_version();
    o.accept = accept;
    if (progress)
        o.progress = [&progress](std::size_t i, std::size_t n, const std::string& bc) {
            progress(static_cast<int>(i), static_cast<int>(n), QString::fromStdString(bc));
        };
    auto r = media::label_all_blank_reserved(engine, *lib.value(), o);
    if (!r) return text(r.error());
    if (results)
        for (const auto& k : r->outcomes)
            results->push_back(
                {QString::fromStdString(k.barcode), k.error ? text(*k.error) : QString()});
    return r->stopped ? text(*r->stopped) : QString();
}

QString MediaOps::recycle(Engine& engine, const std::string& barcode, bool force) {
    media::Refusal why;
    return outcome(media::recycle_volume(engine, barcode, force,
                                         force ? "recycled with force in the console"
                                               : "recycled in the console",
                                         now_of(engine), &why),
                   why);
}

QString MediaOps::changeState(Engine& engine, const std::string& barcode, media::VolumeEvent event,
                              const QString& reason) {
    return outcome(media::mark_state(engine, barcode, event, reason.toStdString(), now_of(engine)));
}

// Off-site: the volume's library is checked unless the catalog has it outside with none.
QString MediaOps::markOffsite(Engine& engine, const std::string& barcode, const std::string& site,
                              bool move) {
    CatalogHandle db(engine);
    const long long now = now_of(engine);
    media::Refusal why;
    if (site.empty()) // refused before the volume is looked up
        return outcome(media::mark_offsite(db, nullptr, barcode, site, now, &why), why);
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    std::unique_ptr<device::Library> lib;
    if (v->location != media::Location::Outside || !v->library.empty()) {
        auto l = device::open_library(db, engine.home(), v->library, engine.clock());
        if (!l) return text(l.error());
        lib = std::move(l.value());
    }
    return outcome(move ? media::move_volume(db, lib.get(), barcode, site, now, &why)
                        : media::mark_offsite(db, lib.get(), barcode, site, now, &why),
                   why);
}

QString MediaOps::markOnsite(Engine& engine, const std::string& barcode) {
    CatalogHandle db(engine);
    const long long now = now_of(engine);
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    auto lib = device::open_library(db, engine.home(), v->library, engine.clock());
    if (!lib) return text(lib.error());
    return outcome(media::mark_onsite(db, *lib.value(), barcode, now));
}

} // namespace tl::ui
