#include "media/volume_actions.h"

#include <algorithm>
#include <ctime>
#include <set>

#include "device/virtual_changer.h"
#include "format/block.h"
#include "media/prune.h"
#include "media/reconcile.h"

namespace tl::media {

namespace {
Refusal refusal(Refused what, const std::string& barcode) {
    Refusal r;
    r.what = what;
    r.barcode = barcode;
    return r;
}

Error refuse(Refusal r, ErrorKind kind, std::string message, Refusal* why) {
    if (why) *why = std::move(r);
    return make_error(kind, std::move(message));
}

// Refused while jobs on the volume are kept at `now`; `what` is the CLI's advice ("Relabel it").
Status refuse_kept(catalog::Db& db, const VolumeRecord& v, long long now, const std::string& what,
                   Refusal* why) {
    auto kept = kept_jobs_on_volume(db, v.id, now);
    if (!kept) return kept.error();
    if (kept->empty()) return {};
    Refusal r = refusal(Refused::Kept, v.barcode);
    std::string ids;
    for (const auto& k : kept.value()) {
        ids += (ids.empty() ? "" : ", ") + std::to_string(k.id);
        r.jobs.push_back(k.id);
        r.kept_until = std::max(r.kept_until, k.kept_until);
    }
    const long long until = r.kept_until;
    return refuse(std::move(r), ErrorKind::InvalidArgument,
                  "volume " + v.barcode + " still holds data under retention (job(s) " + ids +
                      (until ? ", kept until " + utc_minutes(until) + " UTC" : std::string()) +
                      "); nothing was changed. " + what +
                      " with --force to discard it (its catalog entries are purged)",
                  why);
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

Status place_outside(catalog::Db& db, device::Library* lib, const std::string& barcode,
                     const std::string& site, long long now, bool move, Refusal* why) {
    if (site.empty())
        return refuse(refusal(Refused::NoLocation, barcode), ErrorKind::InvalidArgument,
                      "volume mark offsite needs --location L (vault, off-site name)", why);
    auto v = find_volume(db, barcode);
    if (!v) return v.error();
    if (lib) {
        auto inv = lib->changer().inventory();
        if (!inv) return inv.error();
        const std::string pos = describe_position(inv.value(), barcode);
        if (!pos.empty() && pos.rfind("mail", 0) != 0) {
            Refusal r = refusal(Refused::InLibrary, barcode);
            r.library = lib->name();
            r.position = pos;
            return refuse(std::move(r), ErrorKind::InvalidArgument,
                          "volume " + barcode + " is in " + pos + " of library " + lib->name() +
                              "; export it to a mail slot first (library export --barcode " +
                              barcode + " --mail 1), then mark it offsite",
                          why);
        }
        if (pos.empty() && v->location != Location::Outside && v->library == lib->name()) {
            Refusal r = refusal(Refused::CatalogDisagrees, barcode);
            r.library = lib->name();
            return refuse(std::move(r), ErrorKind::InvalidArgument,
                          "the catalog has volume " + barcode + " in library " + lib->name() +
                              " but the changer does not; run library inventory --reconcile and "
                              "check where it is; nothing was changed",
                          why);
        }
        if (!pos.empty())
            if (auto* vc = dynamic_cast<device::VirtualChanger*>(&lib->changer()))
                for (const auto& m : inv->mail_slots)
                    if (m.full && m.barcode == barcode) TL_TRY(vc->remove(m.number));
    }
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    const bool outside = v->location == Location::Outside;
    TL_TRY(set_location(db, v->id, Location::Outside, "", 0, site,
                        outside && move && v->left_at ? v->left_at : now));
    TL_TRY(record_history(db, v->id, v->state, v->state, (move ? "moved to " : "left for ") + site,
                          now));
    return tx->commit();
}
} // namespace

std::string utc_minutes(long long unix_seconds) {
    const std::time_t tt = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
    return buf;
}

Error labeled_meanwhile(catalog::Db& db, const VolumeRecord& v) {
    std::string how;
    if (auto h = volume_history(db, v.id); h && !h->empty())
        how = " (" + h->back().reason + ", " + utc_minutes(h->back().time) + " UTC)";
    return make_error(ErrorKind::NoMedium,
                      "cartridge " + v.barcode + " was labeled into pool " + v.pool +
                          " just now by another request" + how +
                          ", while this one waited for it; nothing was written. It is ready "
                          "for backups to pool " +
                          v.pool + "; see tapeloom-cli volume history " + v.barcode);
}

Result<LabelPlan> plan_label(catalog::Db& db, const LabelOptions& options, long long now,
                             Refusal* why) {
    const std::string& barcode = options.barcode;
    if (barcode.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "an empty barcode names no cartridge; give one that tapeloom-cli library "
                          "inventory lists");
    if (options.block_size) TL_TRY(format::check_block_size(*options.block_size));
    auto known = lookup_volume(db, barcode);
    if (!known) return known.error();
    std::string pool = options.pool;
    if (pool.empty() && known.value()) pool = known.value()->pool;
    if (pool.empty()) pool = "Default";
    auto p = find_pool(db, pool);
    if (!p) return p.error();
    if (known.value()) {
        const auto& v = *known.value();
        if (v.state == VolumeState::Cleaning) {
            auto no = next_state(v.state, VolumeEvent::Label, {});
            Refusal r = refusal(Refused::Cleaning, barcode);
            r.detail = no.error().message;
            return refuse(std::move(r), ErrorKind::InvalidArgument,
                          "volume " + barcode + ": " + no.error().message, why);
        }
        if (!options.relabel && v.state != VolumeState::Blank) {
            Refusal r = refusal(Refused::LabeledAlready, barcode);
            r.pool = v.pool;
            r.state = v.state;
            return refuse(std::move(r), ErrorKind::AlreadyExists,
                          "volume " + barcode + " is labeled already (pool " + v.pool + ", state " +
                              to_string(v.state) + "); use volume relabel " + barcode,
                          why);
        }
        if (options.relabel && !options.force) TL_TRY(refuse_kept(db, v, now, "Relabel it", why));
    } else if (options.relabel) {
        return find_volume(db, barcode).error();
    }
    return LabelPlan{options, std::move(p.value()), std::move(known.value()), now};
}

Result<LabelResult> run_label(catalog::Db& db, device::Library& lib, const LabelPlan& plan,
                              Clock& clock, Refusal* why, std::optional<std::size_t> chosen) {
    const LabelOptions& o = plan.options;
    const std::string& barcode = o.barcode;
    auto present = lib.barcodes();
    if (!present) return present.error();
    if (std::find(present->begin(), present->end(), barcode) == present->end()) {
        Refusal r = refusal(Refused::NotInLibrary, barcode);
        r.library = lib.name();
        const bool outside = plan.known && plan.known->location == Location::Outside;
        if (outside) r.site = plan.known->site;
        const std::string where = outside ? " (the catalog has it outside at " + r.site + ")" : "";
        return refuse(std::move(r), ErrorKind::MediaMissing,
                      "cartridge " + barcode + " is not in library " + lib.name() + where +
                          "; insert it and import it first (library import)",
                      why);
    }
    if (o.relabel && !o.force) {
        // Nothing on it is kept (plan_label checked): a written volume is recyclable first.
        const auto& v = *plan.known;
        const bool written = v.state == VolumeState::Full || v.state == VolumeState::Used ||
                             v.state == VolumeState::Error ||
                             (v.state == VolumeState::Append && v.has_data());
        if (written) TL_TRY(change_state(db, v, VolumeEvent::Recycle, o.recycle_reason, plan.now));
    }
    // A cartridge that was blank at the plan: another label may have taken it while this one
    // waited for the cartridge (label_reserved).
    if (!o.relabel && !o.force && (!plan.known || plan.known->state == VolumeState::Blank)) {
        auto now_known = lookup_volume(db, barcode);
        if (!now_known) return now_known.error();
        if (now_known.value() && now_known.value()->state != VolumeState::Blank) {
            Refusal r = refusal(Refused::LabeledAlready, barcode);
            r.pool = now_known.value()->pool;
            r.state = now_known.value()->state;
            if (why) *why = std::move(r);
            return labeled_meanwhile(db, *now_known.value());
        }
    }
    auto drive = chosen ? Result<std::size_t>(*chosen) : label_drive(lib, barcode);
    if (!drive) return drive.error();
    LabelRequest req;
    req.barcode = barcode;
    req.pool = plan.pool;
    req.block_size = static_cast<std::uint32_t>(format::kDefaultBlockSize);
    if (o.block_size)
        req.block_size = *o.block_size;
    else if (o.relabel && plan.known->block_size > 0)
        req.block_size = static_cast<std::uint32_t>(plan.known->block_size); // keep it
    req.overwrite = o.force      ? Overwrite::Anything
                    : plan.known ? Overwrite::OwnVolume
                                 : Overwrite::BlankOnly;
    req.reason = o.reason;
    req.engine_version = o.engine_version;
    auto r = label_volume(db, lib, drive.value(), req, clock);
    (void)lib.unmount(drive.value());
    return r;
}

Result<BlankLabelReport> label_all_blank(catalog::Db& db, device::Library& lib,
                                         const BlankLabelOptions& options, Clock& clock) {
    TL_TRY(format::check_block_size(options.block_size));
    auto p = find_pool(db, options.pool);
    if (!p) return p.error();
    auto present = device::barcodes_inside(lib); // not those at the door (mail slots)
    if (!present) return present.error();
    std::vector<std::string> blanks;
    for (const auto& bc : present.value()) {
        if (bc.empty() || bc.rfind("CLN", 0) == 0) continue;
        if (options.accept && !options.accept(bc)) continue;
        auto known = lookup_volume(db, bc);
        if (!known) return known.error();
        if (known.value() && known.value()->state != VolumeState::Blank) continue;
        blanks.push_back(bc);
    }
    BlankLabelReport report;
    std::set<std::size_t> used_drives;
    for (std::size_t i = 0; i < blanks.size() && !report.stopped; ++i) {
        const auto& bc = blanks[i];
        if (options.progress) options.progress(i + 1, blanks.size(), bc);
        auto& out = report.outcomes.emplace_back(BlankLabelOutcome{bc, std::nullopt});
        LabelRequest req;
        req.barcode = bc;
        req.pool = p.value();
        req.block_size = options.block_size;
        req.reason = options.reason;
        req.engine_version = options.engine_version;
        auto r = options.label_one ? options.label_one(req) : [&]() -> Result<LabelResult> {
            auto drive = label_drive(lib, bc);
            if (!drive) return drive.error(); // not the cartridge's: stops the run below
            used_drives.insert(drive.value());
            return label_volume(db, lib, drive.value(), req, clock);
        }();
        if (r) continue;
        out.error = r.error();
        const auto k = r.error().kind;
        if (k != ErrorKind::Foreign && k != ErrorKind::WriteProtected && k != ErrorKind::Corrupt &&
            k != ErrorKind::NoMedium)   // NoMedium: labeled by another request meanwhile
            report.stopped = r.error(); // not the cartridge: the library or the catalog
    }
    for (auto d : used_drives)
        (void)lib.unmount(d); // back to their slots
    return report;
}

Result<StateChange> recycle_volume(catalog::Db& db, const std::string& barcode, bool force,
                                   const std::string& reason, long long now, Refusal* why) {
    auto v = find_volume(db, barcode);
    if (!v) return v.error();
    if (!force) TL_TRY(refuse_kept(db, v.value(), now, "Recycle it", why));
    auto st = change_state(db, v.value(), VolumeEvent::Recycle, reason, now);
    if (!st) return st.error();
    return StateChange{std::move(v.value()), st.value()};
}

Result<StateChange> mark_state(catalog::Db& db, const std::string& barcode, VolumeEvent event,
                               const std::string& reason, long long now) {
    auto v = find_volume(db, barcode);
    if (!v) return v.error();
    auto st = change_state(db, v.value(), event, reason, now);
    if (!st) return st.error();
    return StateChange{std::move(v.value()), st.value()};
}

Status mark_offsite(catalog::Db& db, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now, Refusal* why) {
    return place_outside(db, lib, barcode, site, now, false, why);
}

Status move_volume(catalog::Db& db, device::Library* lib, const std::string& barcode,
                   const std::string& site, long long now, Refusal* why) {
    return place_outside(db, lib, barcode, site, now, true, why);
}

Status mark_onsite(catalog::Db& db, device::Library& lib, const std::string& barcode,
                   long long now) {
    auto v = find_volume(db, barcode);
    if (!v) return v.error();
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    const std::string pos = describe_position(inv.value(), barcode);
    if (pos.empty()) {
        TL_TRY(set_location(db, v->id, Location::Outside, "", 0, "onsite", now));
    } else {
        device::Inventory none;
        TL_TRY(record_moves(db, lib.name(), none, inv.value()));
    }
    TL_TRY(record_history(db, v->id, v->state, v->state,
                          "back on site" + (pos.empty() ? "" : " (in " + pos + ")"), now));
    return tx->commit();
}

Result<LabelResult> run_adopt(catalog::Db& db, device::Library& lib, const std::string& barcode,
                              Clock& clock, std::optional<std::size_t> chosen) {
    auto present = lib.barcodes();
    if (!present) return present.error();
    if (std::find(present->begin(), present->end(), barcode) == present->end())
        return make_error(ErrorKind::MediaMissing, "cartridge " + barcode + " is not in library " +
                                                       lib.name() +
                                                       "; insert it and import it first");
    auto drive = chosen ? Result<std::size_t>(*chosen) : label_drive(lib, barcode);
    if (!drive) return drive.error();
    auto r = adopt_volume(db, lib, drive.value(), barcode, clock);
    (void)lib.unmount(drive.value());
    return r;
}

} // namespace tl::media
