// tapeloom-cli clone --job ID --pool P [--saveset ID ...] [--reencrypt]: copies a backup's save
// sets to volumes of another pool, e.g. for off-site storage (docs/media.md "Cloning").
// Encrypted save sets are copied sealed (no key needed) unless --reencrypt asks for the target
// pool's key.
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "commands/commands.h"
#include "common/units.h"
#include "exit_codes.h"
#include "job/clone_job.h"
#include "number_option.h"

namespace tl::cli {

Result<media::CloneOptions> clone_options(const Args& a) {
    if (!a.has("job") || !a.has("pool"))
        return make_error(ErrorKind::InvalidArgument,
                          "usage: clone --job ID --pool P [--saveset ID ...] [--reencrypt]");
    media::CloneOptions o;
    auto job = parse_id("--job", a.get("job"));
    if (!job) return job.error();
    o.job_id = job.value();
    o.pool = a.get("pool");
    o.library = a.get("library");
    o.reencrypt = a.has("reencrypt");
    for (const auto& s : a.all("saveset")) {
        auto id = parse_id("--saveset", s);
        if (!id) return id.error();
        o.savesets.push_back(id.value());
    }
    return o;
}

namespace {
int clone(Context& ctx) {
    auto o = clone_options(ctx.args());
    if (!o) return ctx.fail(o.error());
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto r = media::clone_job(*e.value(), o.value());
    if (!r) return ctx.fail(r.error());
    return print_clone(ctx, r.value(), media::clone_report_json(r.value()));
}
} // namespace

int print_clone(Context& ctx, const media::CloneResult& c, const nlohmann::json& document) {
    const double rate = c.elapsed > 0 ? static_cast<double>(c.stream_bytes) / c.elapsed : 0;
    if (ctx.json()) {
        nlohmann::json j = document;
        j["rate_Bps"] = rate;
        ctx.print_json(j);
        return exit_code_for_job_status(c.report.status);
    }
    auto& out = ctx.out();
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", c.elapsed); // as a job report says it
    out << "Clone job " << c.clone_job_id << ": cloned " << c.savesets.size()
        << " save set(s) of job " << c.job_id << " to pool " << c.pool << ": "
        << format_bytes(c.stream_bytes) << " in " << seconds << " s (" << format_rate(rate)
        << ")\n";
    for (const auto& s : c.savesets)
        out << "  save set " << s.original << " (" << s.source << ") -> copy " << s.copy << ", "
            << s.keys << "\n";
    auto list = [&](const char* what, const std::vector<std::string>& v) {
        out << "  " << what << ":";
        for (const auto& b : v)
            out << " " << b;
        out << "\n";
    };
    list("read from", c.volumes_read);
    list("written to", c.volumes_written);
    for (const auto& w : c.warnings)
        out << "  warning: " << w << "\n";
    out << "  report: tapeloom-cli report --job " << c.clone_job_id << "\n";
    return exit_code_for_job_status(c.report.status);
}

void add_clone_commands(Registry& r) {
    r.push_back({{"clone"},
                 "--job ID --pool P [--saveset ID ...] [--library NAME] [--reencrypt]",
                 "copy a backup's save sets to volumes of another pool (off-site copies); "
                 "encrypted ones stay sealed as they are, or --reencrypt to the pool's key",
                 {"job", "pool", "saveset", "library"},
                 {"reencrypt"},
                 clone});
}

} // namespace tl::cli
