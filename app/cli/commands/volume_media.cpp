// tapeloom-cli volume label|relabel|recycle|mark|history: the life of volumes (docs/media.md).
#include <iomanip>
#include <ostream>

#include <fnmatch.h>

#include "api/device_ops.h"
#include "api/media_ops.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "commands/volume_mark_words.h"
#include "common/units.h"
#include "common/version.h"
#include "device/library.h"
#include "format/block.h"
#include "job/label_job.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"
#include "shapes/volume_json.h"

namespace tl::cli {

using shapes::volume_json;

namespace {
std::string date_text(long long t) {
    return t <= 0 ? "-" : media::utc_minutes(t);
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
        auto lib = device::open_library(*e.value(), e.value()->home(), library, e.value()->clock());
        if (!lib) return lib.error();
        s.lib = std::move(lib.value());
    }
    return s;
}

// --block-size, nullopt when not given.
Result<std::optional<std::uint32_t>> block_size(Context& ctx) {
    if (!ctx.args().has("block-size")) return std::optional<std::uint32_t>();
    auto b = parse_size(ctx.args().get("block-size"));
    if (!b) return b.error();
    TL_TRY(format::check_block_size(static_cast<std::size_t>(b.value())));
    return std::optional<std::uint32_t>(static_cast<std::uint32_t>(b.value()));
}

int do_label(Context& ctx, const std::string& barcode, const std::string& pool_name, bool force,
             bool relabel) {
    auto bs = block_size(ctx);
    if (!bs) return ctx.fail(bs.error());
    auto s = open_session(ctx, ctx.args().get("library"), true);
    if (!s) return ctx.fail(s.error());
    CatalogHandle db(*s->engine);
    media::LabelOptions o;
    o.barcode = barcode;
    o.pool = pool_name;
    o.relabel = relabel;
    o.force = force;
    o.block_size = bs.value();
    o.reason = relabel ? (force ? "relabeled with --force" : "relabeled by volume relabel")
                       : "labeled by volume label";
    o.recycle_reason = "volume relabel: nothing on it is kept";
    o.engine_version = engine_version();
    auto plan = media::plan_label(db, o, s->now);
    if (!plan) return ctx.fail(plan.error());
    auto r = media::label_reserved(*s->engine, *s->lib, plan.value());
    if (!r) return ctx.fail(r.error());
    if (ctx.json()) {
        auto j = volume_json(r->volume);
        j["jobs_purged"] = r->jobs_purged;
        j["adopted"] = r->adopted;
        ctx.print_json(j);
    } else {
        if (r->adopted)
            ctx.out() << "volume " << barcode << " adopted into pool " << r->volume.pool
                      << ": its label was on the cartridge but not in the catalog; nothing "
                         "was written";
        else
            ctx.out() << "volume " << barcode << " labeled for pool " << plan->pool.name;
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
    media::BlankLabelOptions o;
    o.pool = pool_name;
    if (bs.value()) o.block_size = *bs.value();
    o.reason = "labeled by volume label --all-blank";
    o.engine_version = engine_version();
    // --pattern: only the blank cartridges whose barcode matches the glob (any case).
    const std::string pattern = ctx.args().get("pattern");
    if (!pattern.empty())
        o.accept = [pattern](const std::string& barcode) {
            return ::fnmatch(pattern.c_str(), barcode.c_str(), FNM_CASEFOLD) == 0;
        };
    auto r = media::label_all_blank_reserved(*s->engine, *s->lib, o);
    if (!r) return ctx.fail(r.error());
    if (r->stopped) return ctx.fail(*r->stopped);
    client::BlankLabeled done;
    done.library = s->lib->name();
    done.pool = pool_name;
    for (const auto& k : r->outcomes)
        if (k.error)
            done.skipped.push_back({k.barcode, k.error->message});
        else
            done.labeled.push_back(k.barcode);
    print_blank_labeled(ctx, done, pattern);
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
    if (a.has("pattern") && !a.has("all-blank"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--pattern chooses among the blank cartridges: use it with "
                                   "--all-blank"));
    if (a.has("all-blank")) return label_all_blank(ctx, a.get("pool"));
    return do_label(ctx, a.get("barcode"), a.get("pool"), a.has("force"), false);
}

int adopt(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume adopt needs a BARCODE"));
    auto s = open_session(ctx, ctx.args().get("library"), true);
    if (!s) return ctx.fail(s.error());
    auto r = media::adopt_reserved(*s->engine, *s->lib, bc);
    if (!r) return ctx.fail(r.error());
    if (ctx.json()) {
        auto j = volume_json(r->volume);
        j["adopted"] = true;
        ctx.print_json(j);
    } else {
        ctx.out() << "volume " << bc << " adopted into pool " << r->volume.pool
                  << " (the pool its label names); nothing was written\n";
    }
    return 0;
}

int relabel(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume relabel needs a BARCODE"));
    return do_label(ctx, bc, ctx.args().get("pool"), ctx.args().has("force"), true);
}

int recycle(Context& ctx) {
    const std::string bc = barcode_word(ctx);
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume recycle needs a BARCODE"));
    auto s = open_session(ctx, "", false);
    if (!s) return ctx.fail(s.error());
    const bool force = ctx.args().has("force");
    auto r = media::recycle_volume(*s->engine, bc, force,
                                   force ? "recycled with --force" : "recycled by volume recycle",
                                   s->now);
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json({{"barcode", bc}, {"state", media::to_string(r->state)}});
    else
        ctx.out() << "volume " << bc << " is recyclable: the next backup of pool " << r->volume.pool
                  << " relabels it\n";
    return 0;
}

int mark(Context& ctx) {
    auto words = mark_words(ctx.args().words());
    if (!words) return ctx.fail(words.error());
    const std::string bc = words->barcode, what = words->what;
    const bool location_change = what == "offsite" || what == "onsite";
    std::optional<media::VolumeEvent> ev;
    if (what == "read-only") ev = media::VolumeEvent::MarkReadOnly;
    if (what == "disabled") ev = media::VolumeEvent::Disable;
    if (what == "enabled") ev = media::VolumeEvent::Enable;
    // Damaged media (restores read a clone instead, docs/media.md "Cloning").
    if (what == "error" || what == "damaged") ev = media::VolumeEvent::IoError;
    auto pre = open_session(ctx, "", false);
    if (!pre) return ctx.fail(pre.error());
    auto v = media::find_volume(*pre->engine, bc);
    if (!v) return ctx.fail(v.error());
    if (location_change) {
        auto s = open_session(
            ctx, ctx.args().has("library") ? ctx.args().get("library") : v->library, true);
        if (!s) return ctx.fail(s.error());
        // offsite: the cartridge must be outside the library or in a mail slot (a
        // virtual library's operator then takes it out).
        CatalogHandle db(*s->engine);
        auto st = what == "offsite" ? media::mark_offsite(db, s->lib.get(), bc,
                                                          ctx.args().get("location"), s->now)
                                    : media::mark_onsite(db, *s->lib, bc, s->now);
        if (!st) return ctx.fail(st.error());
    } else {
        const std::string why = ctx.args().get("reason");
        auto st = media::mark_state(*pre->engine, bc, *ev,
                                    "marked " + what + " by volume mark" +
                                        (why.empty() ? std::string() : ": " + why),
                                    pre->now);
        if (!st) return ctx.fail(st.error());
    }
    auto after = media::find_volume(*pre->engine, bc);
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
    auto v = media::find_volume(*s->engine, bc);
    if (!v) return ctx.fail(v.error());
    auto h = media::volume_history(*s->engine, v->id);
    if (!h) return ctx.fail(h.error());
    print_volume_history(ctx, {bc, media::to_string(v->state), h.value()});
    return 0;
}
} // namespace

void print_volume_history(Context& ctx, const client::VolumeHistory& h) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& e : h.history)
            arr.push_back(
                {{"time", e.time},
                 {"from", e.from.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.from)},
                 {"to", e.to},
                 {"reason", e.reason}});
        return ctx.print_json({{"barcode", h.barcode}, {"history", arr}});
    }
    ctx.out() << "Volume " << h.barcode << " (" << h.state << ")\n";
    for (const auto& e : h.history)
        ctx.out() << "  " << date_text(e.time) << "  " << std::left << std::setw(11)
                  << (e.from.empty() ? "-" : e.from) << "-> " << std::setw(11) << e.to << e.reason
                  << "\n";
}

void print_blank_labeled(Context& ctx, const client::BlankLabeled& done,
                         const std::string& pattern) {
    nlohmann::json labeled = done.labeled, skipped = nlohmann::json::array();
    for (const auto& k : done.skipped)
        skipped.push_back({{"barcode", k.barcode}, {"why", k.why}});
    if (ctx.json()) {
        ctx.print_json({{"pool", done.pool},
                        {"pattern", pattern},
                        {"labeled", labeled},
                        {"skipped", skipped}});
        return;
    }
    ctx.out() << labeled.size() << " blank cartridge(s) of library " << done.library
              << (pattern.empty() ? "" : " matching " + pattern) << " labeled for pool "
              << done.pool << "\n";
    for (const auto& k : done.skipped)
        ctx.out() << "  skipped " << k.barcode << ": " << k.why << "\n";
}

void add_volume_media_commands(Registry& r) {
    r.push_back({{"volume", "label"},
                 "--barcode B --pool P | --all-blank --pool P [--pattern GLOB] [--library NAME] "
                 "[--block-size 256K] [--force]",
                 "label one cartridge, or every blank cartridge of a library (whose barcode "
                 "matches GLOB, any case), into a pool",
                 {"barcode", "pool", "library", "block-size", "pattern"},
                 {"all-blank", "force"},
                 label});
    r.push_back({{"volume", "relabel"},
                 "BARCODE [--pool P] [--library NAME] [--force]",
                 "label a volume again (refused while it holds kept data, unless --force)",
                 {"pool", "library", "block-size"},
                 {"force"},
                 relabel});
    r.push_back({{"volume", "adopt"},
                 "BARCODE [--library NAME]",
                 "record a cartridge that carries our own empty label but is not in the catalog "
                 "(a labeling was interrupted), in the pool its label names",
                 {"library"},
                 {},
                 adopt});
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
    reads_only(r);
}

} // namespace tl::cli
