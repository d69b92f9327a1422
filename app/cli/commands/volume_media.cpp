// tapeloom-cli volume label|relabel|recycle|mark|history: the life of volumes (docs/media.md).
#include <algorithm>
#include <ctime>
#include <iomanip>
#include <ostream>
#include <set>

#include "commands/commands.h"
#include "common/units.h"
#include "common/version.h"
#include "device/library.h"
#include "device/virtual_changer.h"
#include "format/constants.h"
#include "media/labeler.h"
#include "media/prune.h"
#include "media/reconcile.h"
#include "media/volume_catalog.h"

namespace tl::cli {

namespace {
std::string date_text(long long t) {
    if (t <= 0) return "-";
    std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
    return buf;
}

std::string barcode_word(Context& ctx) {
    const auto& w = ctx.args().words();
    if (!w.empty()) return w.front();
    return ctx.args().get("barcode");
}

struct Session {
    Engine* engine = nullptr;
    std::unique_ptr<device::Library> lib;
    long long now = 0;
};

Result<Session> open_session(Context& ctx, const std::string& library, bool need_library) {
    auto e = ctx.engine();
    if (!e) return e.error();
    Session s;
    s.engine = e.value();
    s.now = to_unix_seconds(e.value()->clock().wall());
    if (need_library) {
        auto lib = device::open_library(e.value()->catalog(), e.value()->home(), library,
                                        e.value()->clock());
        if (!lib) return lib.error();
        s.lib = std::move(lib.value());
    }
    return s;
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

Result<std::uint32_t> block_size(Context& ctx) {
    if (!ctx.args().has("block-size")) return static_cast<std::uint32_t>(format::kDefaultBlockSize);
    auto b = parse_size(ctx.args().get("block-size"));
    if (!b) return b.error();
    return static_cast<std::uint32_t>(b.value());
}

Status refuse_kept(catalog::Db& db, const media::VolumeRecord& v, long long now,
                   const std::string& what) {
    auto kept = media::kept_jobs_on_volume(db, v.id, now);
    if (!kept) return kept.error();
    if (kept->empty()) return {};
    std::string ids;
    long long until = 0;
    for (const auto& k : kept.value()) {
        ids += (ids.empty() ? "" : ", ") + std::to_string(k.id);
        until = std::max(until, k.kept_until);
    }
    return make_error(ErrorKind::InvalidArgument,
                      "volume " + v.barcode + " still holds data under retention (job(s) " + ids +
                          (until ? ", kept until " + date_text(until) + " UTC" : std::string()) +
                          "); nothing was changed. " + what +
                          " with --force to discard it (its catalog entries are purged)");
}

nlohmann::json volume_json(const media::VolumeRecord& v) {
    nlohmann::json loc = {{"where", media::to_string(v.location)}};
    if (v.location == media::Location::Outside) {
        loc["site"] = v.site;
        loc["left_at"] = v.left_at;
    } else {
        loc["library"] = v.library;
        loc["slot"] = v.slot ? nlohmann::json(v.slot) : nlohmann::json(nullptr);
    }
    return {{"barcode", v.barcode},
            {"pool", v.pool},
            {"state", media::to_string(v.state)},
            {"bytes", v.bytes},
            {"capacity", v.capacity},
            {"jobs", v.jobs},
            {"tape_files", v.next_file},
            {"labeled", v.labeled},
            {"first_written", v.first_written},
            {"last_written", v.last_written},
            {"location", loc}};
}

int do_label(Context& ctx, const std::string& barcode, const std::string& pool_name,
             media::Overwrite mode, bool relabel) {
    auto bs = block_size(ctx);
    if (!bs) return ctx.fail(bs.error());
    auto s = open_session(ctx, ctx.args().get("library"), true);
    if (!s) return ctx.fail(s.error());
    auto& db = s->engine->catalog();
    auto known = media::lookup_volume(db, barcode);
    if (!known) return ctx.fail(known.error());
    std::string pool = pool_name;
    if (pool.empty() && known.value()) pool = known.value()->pool;
    if (pool.empty()) pool = "Default";
    auto p = media::find_pool(db, pool);
    if (!p) return ctx.fail(p.error());
    if (known.value()) {
        const auto& v = *known.value();
        if (v.state == media::VolumeState::Cleaning) {
            auto no = media::next_state(v.state, media::VolumeEvent::Label, {});
            return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                       "volume " + barcode + ": " + no.error().message));
        }
        if (!relabel && v.state != media::VolumeState::Blank)
            return ctx.fail(make_error(ErrorKind::AlreadyExists,
                                       "volume " + barcode + " is labeled already (pool " + v.pool +
                                           ", state " + media::to_string(v.state) +
                                           "); use volume relabel " + barcode));
        if (relabel && mode != media::Overwrite::Anything)
            if (auto st = refuse_kept(db, v, s->now, "Relabel it"); !st)
                return ctx.fail(st.error());
    } else if (relabel) {
        return ctx.fail(media::find_volume(db, barcode).error());
    }
    std::uint32_t block = bs.value();
    if (relabel && !ctx.args().has("block-size") && known.value()->block_size > 0)
        block = static_cast<std::uint32_t>(known.value()->block_size); // keep it
    auto present = s->lib->barcodes();
    if (!present) return ctx.fail(present.error());
    if (std::find(present->begin(), present->end(), barcode) == present->end()) {
        std::string where = known.value() && known.value()->location == media::Location::Outside
                                ? " (the catalog has it outside at " + known.value()->site + ")"
                                : "";
        return ctx.fail(make_error(ErrorKind::MediaMissing,
                                   "cartridge " + barcode + " is not in library " + s->lib->name() +
                                       where + "; insert it and import it first (library import)"));
    }
    if (relabel && mode != media::Overwrite::Anything) {
        // Nothing on it is kept (checked above): a written volume is recyclable first.
        const auto& v = *known.value();
        const bool written = v.state == media::VolumeState::Full ||
                             v.state == media::VolumeState::Used ||
                             v.state == media::VolumeState::Error ||
                             (v.state == media::VolumeState::Append && v.has_data());
        if (written) {
            auto st = media::change_state(db, v, media::VolumeEvent::Recycle,
                                          "volume relabel: nothing on it is kept", s->now);
            if (!st) return ctx.fail(st.error());
        }
    }
    auto drive = label_drive(*s->lib, barcode);
    if (!drive) return ctx.fail(drive.error());
    media::LabelRequest req;
    req.barcode = barcode;
    req.pool = p.value();
    req.block_size = block;
    req.overwrite =
        known.value() && mode == media::Overwrite::BlankOnly ? media::Overwrite::OwnVolume : mode;
    req.reason = relabel ? (mode == media::Overwrite::Anything ? "relabeled with --force"
                                                               : "relabeled by volume relabel")
                         : "labeled by volume label";
    req.engine_version = engine_version();
    auto r = media::label_volume(db, *s->lib, drive.value(), req, s->engine->clock());
    (void)s->lib->unmount(drive.value());
    if (!r) return ctx.fail(r.error());
    if (ctx.json()) {
        auto j = volume_json(r->volume);
        j["jobs_purged"] = r->jobs_purged;
        ctx.print_json(j);
    } else {
        ctx.out() << "volume " << barcode << " labeled for pool " << p->name;
        if (r->jobs_purged)
            ctx.out() << "; " << r->jobs_purged << " job(s) purged from the catalog";
        ctx.out() << "\n";
    }
    return 0;
}

int label_all_blank(Context& ctx, const std::string& pool_name) {
    auto bs = block_size(ctx);
    if (!bs) return ctx.fail(bs.error());
    auto s = open_session(ctx, ctx.args().get("library"), true);
    if (!s) return ctx.fail(s.error());
    auto& db = s->engine->catalog();
    auto p = media::find_pool(db, pool_name);
    if (!p) return ctx.fail(p.error());
    auto present = s->lib->barcodes();
    if (!present) return ctx.fail(present.error());
    nlohmann::json labeled = nlohmann::json::array(), skipped = nlohmann::json::array();
    std::set<std::size_t> used_drives;
    for (const auto& bc : present.value()) {
        if (bc.empty() || bc.rfind("CLN", 0) == 0) continue;
        auto known = media::lookup_volume(db, bc);
        if (!known) return ctx.fail(known.error());
        if (known.value() && known.value()->state != media::VolumeState::Blank) continue;
        auto drive = label_drive(*s->lib, bc);
        if (!drive) return ctx.fail(drive.error());
        used_drives.insert(drive.value());
        media::LabelRequest req;
        req.barcode = bc;
        req.pool = p.value();
        req.block_size = bs.value();
        req.reason = "labeled by volume label --all-blank";
        req.engine_version = engine_version();
        auto r = media::label_volume(db, *s->lib, drive.value(), req, s->engine->clock());
        if (r) {
            labeled.push_back(bc);
            continue;
        }
        const auto k = r.error().kind;
        if (k != ErrorKind::Foreign && k != ErrorKind::WriteProtected && k != ErrorKind::Corrupt)
            return ctx.fail(r.error());
        skipped.push_back({{"barcode", bc}, {"why", r.error().message}});
    }
    for (auto used : used_drives)
        (void)s->lib->unmount(used); // back to their slots
    if (ctx.json()) {
        ctx.print_json({{"pool", pool_name}, {"labeled", labeled}, {"skipped", skipped}});
    } else {
        ctx.out() << labeled.size() << " blank cartridge(s) of library " << s->lib->name()
                  << " labeled for pool " << pool_name << "\n";
        for (const auto& k : skipped)
            ctx.out() << "  skipped " << k["barcode"].get<std::string>() << ": "
                      << k["why"].get<std::string>() << "\n";
    }
    return 0;
}

int label(Context& ctx) {
    const auto& a = ctx.args();
    if (!a.has("pool"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "volume label needs --pool P (see tapeloom-cli pool list)"));
    if (a.has("all-blank") == a.has("barcode"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "volume label needs --barcode B or --all-blank"));
    if (a.has("all-blank")) return label_all_blank(ctx, a.get("pool"));
    return do_label(ctx, a.get("barcode"), a.get("pool"),
                    a.has("force") ? media::Overwrite::Anything : media::Overwrite::BlankOnly,
                    false);
}

int relabel(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume relabel needs a BARCODE"));
    return do_label(
        ctx, bc, ctx.args().get("pool"),
        ctx.args().has("force") ? media::Overwrite::Anything : media::Overwrite::OwnVolume, true);
}

int recycle(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume recycle needs a BARCODE"));
    auto s = open_session(ctx, "", false);
    if (!s) return ctx.fail(s.error());
    auto& db = s->engine->catalog();
    auto v = media::find_volume(db, bc);
    if (!v) return ctx.fail(v.error());
    if (!ctx.args().has("force"))
        if (auto st = refuse_kept(db, v.value(), s->now, "Recycle it"); !st)
            return ctx.fail(st.error());
    auto st = media::change_state(
        db, v.value(), media::VolumeEvent::Recycle,
        ctx.args().has("force") ? "recycled with --force" : "recycled by volume recycle", s->now);
    if (!st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"barcode", bc}, {"state", media::to_string(st.value())}});
    else
        ctx.out() << "volume " << bc << " is recyclable: the next backup of pool " << v->pool
                  << " relabels it\n";
    return 0;
}

// volume mark BARCODE offsite --location L: the cartridge must be outside the library or in a
// mail slot (a virtual library's operator then takes it out).
Status mark_offsite(Session& s, const media::VolumeRecord& v, const std::string& site) {
    auto& db = s.engine->catalog();
    if (site.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "volume mark offsite needs --location L (vault, off-site name)");
    if (s.lib) {
        auto inv = s.lib->changer().inventory();
        if (!inv) return inv.error();
        const std::string pos = media::describe_position(inv.value(), v.barcode);
        if (!pos.empty() && pos.rfind("mail", 0) != 0)
            return make_error(ErrorKind::InvalidArgument,
                              "volume " + v.barcode + " is in " + pos + " of library " +
                                  s.lib->name() +
                                  "; export it to a mail slot first (library export --barcode " +
                                  v.barcode + " --mail 1), then mark it offsite");
        if (pos.empty() && v.location != media::Location::Outside && v.library == s.lib->name())
            return make_error(ErrorKind::InvalidArgument,
                              "the catalog has volume " + v.barcode + " in library " +
                                  s.lib->name() +
                                  " but the changer does not; run library inventory "
                                  "--reconcile and check where it is; nothing was changed");
        if (!pos.empty()) {
            auto* vc = dynamic_cast<device::VirtualChanger*>(&s.lib->changer());
            if (vc)
                for (const auto& m : inv->mail_slots)
                    if (m.full && m.barcode == v.barcode) TL_TRY(vc->remove(m.number));
        }
    }
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    TL_TRY(media::set_location(db, v.id, media::Location::Outside, "", 0, site, s.now));
    TL_TRY(media::record_history(db, v.id, v.state, v.state, "left for " + site, s.now));
    return tx->commit();
}

Status mark_onsite(Session& s, const media::VolumeRecord& v) {
    auto& db = s.engine->catalog();
    auto inv = s.lib->changer().inventory();
    if (!inv) return inv.error();
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    const std::string pos = media::describe_position(inv.value(), v.barcode);
    if (pos.empty()) {
        TL_TRY(media::set_location(db, v.id, media::Location::Outside, "", 0, "onsite", s.now));
    } else {
        device::Inventory none;
        TL_TRY(media::record_moves(db, s.lib->name(), none, inv.value()));
    }
    TL_TRY(media::record_history(db, v.id, v.state, v.state,
                                 "back on site" + (pos.empty() ? "" : " (in " + pos + ")"), s.now));
    return tx->commit();
}

int mark(Context& ctx) {
    const auto& w = ctx.args().words();
    if (w.size() != 2)
        return ctx.fail(make_error(
            ErrorKind::InvalidArgument,
            "usage: volume mark BARCODE read-only|disabled|enabled|error|offsite --location "
            "L|onsite"));
    const std::string bc = w[0], what = w[1];
    const bool location_change = what == "offsite" || what == "onsite";
    std::optional<media::VolumeEvent> ev;
    if (what == "read-only") ev = media::VolumeEvent::MarkReadOnly;
    if (what == "disabled") ev = media::VolumeEvent::Disable;
    if (what == "enabled") ev = media::VolumeEvent::Enable;
    // Damaged media (restores read a clone instead, docs/media.md "Cloning").
    if (what == "error" || what == "damaged") ev = media::VolumeEvent::IoError;
    if (!ev && !location_change)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "volume mark: '" + what +
                                       "' is not one of read-only, disabled, enabled, error "
                                       "(damaged), offsite, onsite"));
    auto pre = open_session(ctx, "", false);
    if (!pre) return ctx.fail(pre.error());
    auto v = media::find_volume(pre->engine->catalog(), bc);
    if (!v) return ctx.fail(v.error());
    if (location_change) {
        auto s = open_session(
            ctx, ctx.args().has("library") ? ctx.args().get("library") : v->library, true);
        if (!s) return ctx.fail(s.error());
        auto st = what == "offsite" ? mark_offsite(s.value(), v.value(), ctx.args().get("location"))
                                    : mark_onsite(s.value(), v.value());
        if (!st) return ctx.fail(st.error());
    } else {
        const std::string why = ctx.args().get("reason");
        auto st = media::change_state(pre->engine->catalog(), v.value(), *ev,
                                      "marked " + what + " by volume mark" +
                                          (why.empty() ? std::string() : ": " + why),
                                      pre->now);
        if (!st) return ctx.fail(st.error());
    }
    auto after = media::find_volume(pre->engine->catalog(), bc);
    if (!after) return ctx.fail(after.error());
    if (ctx.json())
        ctx.print_json(volume_json(after.value()));
    else
        ctx.out() << "volume " << bc << ": " << media::to_string(after->state) << ", "
                  << (after->location == media::Location::Outside
                          ? "outside at " + after->site
                          : std::string("in library ") + after->library)
                  << "\n";
    return 0;
}

int history(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume history needs a BARCODE"));
    auto s = open_session(ctx, "", false);
    if (!s) return ctx.fail(s.error());
    auto v = media::find_volume(s->engine->catalog(), bc);
    if (!v) return ctx.fail(v.error());
    auto h = media::volume_history(s->engine->catalog(), v->id);
    if (!h) return ctx.fail(h.error());
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& e : h.value())
            arr.push_back(
                {{"time", e.time},
                 {"from", e.from.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.from)},
                 {"to", e.to},
                 {"reason", e.reason}});
        ctx.print_json({{"barcode", bc}, {"history", arr}});
        return 0;
    }
    ctx.out() << "Volume " << bc << " (" << media::to_string(v->state) << ")\n";
    for (const auto& e : h.value())
        ctx.out() << "  " << date_text(e.time) << "  " << std::left << std::setw(11)
                  << (e.from.empty() ? "-" : e.from) << "-> " << std::setw(11) << e.to << e.reason
                  << "\n";
    return 0;
}
} // namespace

nlohmann::json media_volume_json(const media::VolumeRecord& v) {
    return volume_json(v);
}

void add_volume_media_commands(Registry& r) {
    r.push_back({{"volume", "label"},
                 "--barcode B --pool P | --all-blank --pool P [--library NAME] "
                 "[--block-size 256K] [--force]",
                 "label one cartridge, or every blank cartridge of a library, into a pool",
                 {"barcode", "pool", "library", "block-size"},
                 {"all-blank", "force"},
                 label});
    r.push_back({{"volume", "relabel"},
                 "BARCODE [--pool P] [--library NAME] [--force]",
                 "label a volume again (refused while it holds kept data, unless --force)",
                 {"pool", "library", "block-size"},
                 {"force"},
                 relabel});
    r.push_back({{"volume", "recycle"},
                 "BARCODE [--force]",
                 "make a volume recyclable (refused while it holds kept data, unless --force)",
                 {},
                 {"force"},
                 recycle});
    r.push_back({{"volume", "mark"},
                 "BARCODE read-only|disabled|enabled|error [--reason TEXT]|offsite --location "
                 "L|onsite [--library NAME]",
                 "protect, disable, enable or mark damaged a volume, or record where it is",
                 {"location", "library", "reason"},
                 {},
                 mark});
    r.push_back({{"volume", "history"},
                 "BARCODE",
                 "every state change of a volume with its time and reason",
                 {},
                 {},
                 history});
}

} // namespace tl::cli
