// tapeloom-cli prune [--dry-run]: retention (docs/media.md).
#include <ostream>

#include "api/media_ops.h"
#include "commands/commands.h"
#include "media/prune.h"

namespace tl::cli {

namespace {
nlohmann::json job_json(const media::PrunedJob& j) {
    return {{"id", j.id},     {"name", j.name},       {"level", j.level},
            {"pool", j.pool}, {"started", j.started}, {"files", j.files}};
}

int prune(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const bool dry = ctx.args().has("dry-run");
    auto r = media::prune(*e.value(), to_unix_seconds(e.value()->clock().wall()), dry);
    if (!r) return ctx.fail(r.error());
    const auto& p = r.value();
    if (ctx.json()) {
        nlohmann::json j = {{"dry_run", dry},
                            {"now", p.now},
                            {"jobs_expired", nlohmann::json::array()},
                            {"files_expired", nlohmann::json::array()},
                            {"kept_for_dependency", nlohmann::json::array()},
                            {"volumes_recyclable", p.volumes_recyclable},
                            {"volumes_to_recycle", p.volumes_to_recycle}};
        for (const auto& x : p.jobs_expired)
            j["jobs_expired"].push_back(job_json(x));
        for (const auto& x : p.files_expired)
            j["files_expired"].push_back(job_json(x));
        for (const auto& k : p.kept_for_dependency)
            j["kept_for_dependency"].push_back({{"id", k.id}, {"needed_by", k.needed_by}});
        ctx.print_json(j);
        return 0;
    }
    auto& o = ctx.out();
    const char* verb = dry ? "would expire" : "expired";
    o << (dry ? "Dry run: nothing changed.\n" : "");
    o << p.jobs_expired.size() << " job(s) " << verb << "; file entries of "
      << p.files_expired.size() << " more " << verb << "\n";
    for (const auto& x : p.jobs_expired)
        o << "  job " << x.id << " " << x.name << " (" << x.level << ", pool " << x.pool << ")\n";
    for (const auto& x : p.files_expired)
        o << "  files of job " << x.id << " (" << x.files << " entries)\n";
    for (const auto& k : p.kept_for_dependency)
        o << "  job " << k.id << " kept past its retention: incremental job " << k.needed_by
          << " depends on it\n";
    for (const auto& v : p.volumes_recyclable)
        o << "  volume " << v << (dry ? " would become" : " is now") << " recyclable\n";
    for (const auto& v : p.volumes_to_recycle)
        o << "  volume " << v << " holds nothing kept; its pool recycles by hand: volume recycle "
          << v << "\n";
    return 0;
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
