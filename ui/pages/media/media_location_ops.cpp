// MediaOps: where a volume is (off-site, back on site, moved between sites), as
// `tapeloom-cli volume mark B offsite --location L | onsite` does it.
#include "api/engine.h"
#include "common/clock.h"
#include "device/library.h"
#include "device/virtual_changer.h"
#include "media/reconcile.h"
#include "media/volume_catalog.h"
#include "pages/media/media_ops.h"

namespace tl::ui {

namespace {
QString text(const Error& e) {
    return QString::fromStdString(e.message);
}
} // namespace

QString MediaOps::markOffsite(Engine& engine, const std::string& barcode, const std::string& site,
                              bool move) {
    auto& db = engine.catalog();
    const long long now = to_unix_seconds(engine.clock().wall());
    if (site.empty()) return tr("Name the location (vault, off-site name).");
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    const QString bc = QString::fromStdString(barcode);
    if (v->location != media::Location::Outside || !v->library.empty()) {
        auto lib = device::open_library(db, engine.home(), v->library, engine.clock());
        if (!lib) return text(lib.error());
        auto inv = lib.value()->changer().inventory();
        if (!inv) return text(inv.error());
        const std::string pos = media::describe_position(inv.value(), barcode);
        const QString libName = QString::fromStdString(lib.value()->name());
        if (!pos.empty() && pos.rfind("mail", 0) != 0)
            return tr("Volume %1 is in %2 of library %3; export it to a mail slot first (Library "
                      "page), then mark it off-site.")
                .arg(bc, QString::fromStdString(pos), libName);
        if (pos.empty() && v->location != media::Location::Outside &&
            v->library == lib.value()->name())
            return tr("The catalog has volume %1 in library %2 but the changer does not; run an "
                      "inventory with reconcile and check where it is. Nothing was changed.")
                .arg(bc, libName);
        if (!pos.empty())
            if (auto* vc = dynamic_cast<device::VirtualChanger*>(&lib.value()->changer()))
                for (const auto& m : inv->mail_slots)
                    if (m.full && m.barcode == barcode)
                        if (auto st = vc->remove(m.number); !st) return text(st.error());
    }
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return text(tx.error());
    const bool outside = v->location == media::Location::Outside;
    if (auto st = media::set_location(db, v->id, media::Location::Outside, "", 0, site,
                                      outside && move && v->left_at ? v->left_at : now);
        !st)
        return text(st.error());
    if (auto st = media::record_history(db, v->id, v->state, v->state,
                                        (move ? "moved to " : "left for ") + site, now);
        !st)
        return text(st.error());
    auto done = tx->commit();
    return done ? QString() : text(done.error());
}

QString MediaOps::markOnsite(Engine& engine, const std::string& barcode) {
    auto& db = engine.catalog();
    const long long now = to_unix_seconds(engine.clock().wall());
    auto v = media::find_volume(db, barcode);
    if (!v) return text(v.error());
    auto lib = device::open_library(db, engine.home(), v->library, engine.clock());
    if (!lib) return text(lib.error());
    auto inv = lib.value()->changer().inventory();
    if (!inv) return text(inv.error());
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return text(tx.error());
    const std::string pos = media::describe_position(inv.value(), barcode);
    if (pos.empty()) {
        if (auto st =
                media::set_location(db, v->id, media::Location::Outside, "", 0, "onsite", now);
            !st)
            return text(st.error());
    } else {
        device::Inventory none;
        if (auto st = media::record_moves(db, lib.value()->name(), none, inv.value()); !st)
            return text(st.error());
    }
    if (auto st =
            media::record_history(db, v->id, v->state, v->state,
                                  "back on site" + (pos.empty() ? "" : " (in " + pos + ")"), now);
        !st)
        return text(st.error());
    auto done = tx->commit();
    return done ? QString() : text(done.error());
}

} // namespace tl::ui
