#include "bridge/operator_checks.h"

#include <algorithm>
#include <map>

#include "widgets/from_std.h"

namespace tl::ui {

namespace {
bool inLibrary(const client::Volume& v) {
    return v.location.where == "library";
}

// A blank cartridge the pool could label: in the library (a slot or a drive), not a cleaning
// cartridge, and unknown to the catalog or known as blank.
Result<bool> hasBlank(client::Api& api, const std::string& library,
                      const std::map<std::string, std::string>& stateOf) {
    auto inv = api.library_inventory(library);
    if (!inv) return inv.error();
    for (const auto* elements : {&inv->storage, &inv->drives})
        for (const auto& e : *elements) {
            if (!e.full || e.barcode.empty() || e.barcode.rfind("CLN", 0) == 0) continue;
            const auto it = stateOf.find(e.barcode);
            if (it == stateOf.end() || it->second == "blank") return true;
        }
    return false;
}

Result<QList<PoolShortage>> shortages(client::Api& api, const std::vector<client::Volume>& vols,
                                      const std::vector<client::Library>& libs) {
    auto defs = api.definitions();
    if (!defs) return defs.error();
    auto pools = api.pools();
    if (!pools) return pools.error();
    std::map<std::string, std::string> stateOf;
    for (const auto& v : vols)
        stateOf[v.barcode] = v.state;
    std::map<std::string, PoolShortage> byPool;
    std::map<std::string, std::string> libraryOf;
    for (const auto& d : defs.value()) {
        auto& p = byPool[d.pool];
        p.pool = q(d.pool);
        p.definitions << q(d.name);
        libraryOf.try_emplace(d.pool, d.document.value("library", std::string()));
    }
    QList<PoolShortage> out;
    for (auto& [name, shortage] : byPool) {
        const client::Pool* pool = nullptr;
        for (const auto& p : pools.value())
            if (p.name == name) pool = &p;
        if (!pool) continue; // the job itself reports a missing pool
        // The service counts what the pool can write (catalog::usable_volumes' rule).
        if (pool->writable_in_library + pool->scratch_in_library > 0) continue;
        const std::string& wanted = libraryOf[name];
        const client::Library* lib = nullptr;
        for (const auto& l : libs)
            if (l.name == wanted || (wanted.empty() && &l == &libs.front())) lib = &l;
        if (!lib) continue;
        shortage.library = q(lib->name);
        if (pool->auto_label) {
            auto blank = hasBlank(api, lib->name, stateOf);
            if (!blank) return blank.error();
            if (blank.value()) continue;
        }
        out << shortage;
    }
    return out;
}

// Those of `barcodes` a library holds: in its changer (slots, drives, mail slots) or, by the
// catalog, placed in it. The changers first: an operator who put the cartridge back answered
// the request, whether or not the catalog has recorded the move yet.
Result<QStringList> heldByALibrary(client::Api& api, const QStringList& barcodes,
                                   const std::vector<client::Volume>& vols,
                                   const std::vector<client::Library>& libs) {
    QStringList out;
    if (barcodes.isEmpty()) return out;
    for (const auto& l : libs) {
        auto inv = api.library_inventory(l.name);
        if (!inv) return inv.error();
        for (const auto* elements : {&inv->storage, &inv->drives, &inv->mail_slots})
            for (const auto& e : *elements)
                if (e.full && barcodes.contains(q(e.barcode)) && !out.contains(q(e.barcode)))
                    out << q(e.barcode);
    }
    for (const auto& v : vols)
        if (inLibrary(v) && barcodes.contains(q(v.barcode)) && !out.contains(q(v.barcode)))
            out << q(v.barcode);
    return out;
}
} // namespace

Result<OperatorFindings> findOperatorCauses(const DoorAddress& door, const QStringList& missing) {
    return readService<OperatorFindings>(
        door, "operator requests", [&missing](client::Api& api) -> Result<OperatorFindings> {
            OperatorFindings f;
            auto live = api.live_jobs();
            if (!live) return live.error();
            f.live = std::move(live->jobs);
            auto vols = api.volumes();
            if (!vols) return vols.error();
            auto libs = api.libraries();
            if (!libs) return libs.error();
            auto found = shortages(api, vols.value(), libs.value());
            if (!found) return found.error();
            f.shortages = std::move(found.value());
            auto back = heldByALibrary(api, missing, vols.value(), libs.value());
            if (!back) return back.error();
            f.backInLibrary = std::move(back.value());
            return f;
        });
}

} // namespace tl::ui
