// tapeloom-cli prune [--dry-run]: retention (docs/media.md).
#include <ostream>

#include "api/media_ops.h"
#include "commands/commands.h"
#include "media/prune.h"
#include "media/volume_actions.h"
#include "shapes/maintenance_json.h"

namespace tl::cli {

int print_prune(Context& ctx, const media::PruneReport& p) {
    if (ctx.json()) {
        ctx.print_json(shapes::prune_report_json(p));
        return 0;
    }
    const bool dry = p.dry_run;
    auto& o = ctx.out();
    const char* verb = dry ? "would expire" : "expired";
    o << (dry ? "Dry run: nothing changed.\n" : "");
    o << p.jobs_expired.size() << " job(s) " << verb << "; file entries of "
      << p.files_expired.size() << " more " << verb << "\n";
    for (const auto& x : p.jobs_expired)
        o << "  job " << x.id << (x.name.empty() ? "" : " " + x.name) << " (" << x.level
          << ", pool " << x.pool << ")\n";
    for (const auto& x : p.files_expired)
        o << "  files of job " << x.id << " (" << x.files << " entries)\n";
    for (const auto& k : p.kept_for_dependency)
        o << "  job " << k.id << " kept past its retention: incremental job " << k.needed_by
          << " depends on it\n";
    for (const auto& k : p.kept_for_copies)
        o << "  job " << k.id << " kept past its pool's retention: its copy in pool " << k.pool
          << " is kept until " << media::utc_minutes(k.until) << " UTC\n";
    for (const auto& v : p.volumes_recyclable)
        o << "  volume " << v << (dry ? " would become" : " is now") << " recyclable\n";
    for (const auto& v : p.volumes_to_recycle)
        o << "  volume " << v << " holds nothing kept; its pool recycles by hand: volume recycle "
          << v << "\n";
    return 0;
}

namespace {
int prune(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const bool dry = ctx.args().has("dry-run");
    auto r = media::prune(*e.value(), to_unix_seconds(e.value()->clock().wall()), dry);
    if (!r) return ctx.fail(r.error());
    return print_prune(ctx, r.value());
}
} // namespace

void add_prune_commands(Registry& r) {
    r.push_back({{"prune"},
                 "[--dry-run]",
                 "expire jobs and file entries past their pool's retention; volumes with "
                 "nothing kept become recyclable",
                 {},
                 {"dry-run"},
                 prune});
}

} // namespace tl::cli
