#include <ostream>

#include "commands/commands.h"
#include "commands/service_reads.h"
#include "common/units.h"
#include "metrics/cpu_stat.h"
#include "metrics/process_stat.h"

namespace tl::cli {

namespace {
int overview(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto s = engine.value()->status();
    if (!s) return ctx.fail(s.error());
    auto cpu = metrics::read_proc_stat();
    const auto proc = metrics::read_process_stat();
    const std::size_t cpus = cpu ? cpu->per_cpu.size() : 0;
    client::ServiceStatus typed;
    typed.home = s->home;
    typed.catalog = s->catalog_path;
    typed.version = s->version;
    typed.schema_version = s->schema_version;
    typed.libraries = s->libraries;
    typed.drives = s->drives;
    typed.cpus = cpus;
    typed.rss_bytes = proc.rss_bytes;
    typed.document = {{"home", s->home},
                      {"catalog", s->catalog_path},
                      {"version", s->version},
                      {"schema_version", s->schema_version},
                      {"libraries", s->libraries},
                      {"drives", s->drives},
                      {"cpus", cpus},
                      {"rss_bytes", proc.rss_bytes}};
    print_status(ctx, typed);
    return 0;
}
} // namespace

void print_status(Context& ctx, const client::ServiceStatus& s) {
    if (ctx.json()) return ctx.print_json(s.document);
    auto& o = ctx.out();
    o << "Tapeloom engine " << s.version << "\n"
      << "  data directory : " << s.home << "\n"
      << "  catalog        : " << s.catalog << " (schema " << s.schema_version << ")\n"
      << "  libraries      : " << s.libraries << "\n"
      << "  drives         : " << s.drives << "\n"
      << "  CPUs           : " << s.cpus << "\n"
      << "  engine memory  : " << format_bytes(s.rss_bytes) << "\n";
}

void add_status_commands(Registry& r) {
    r.push_back(
        {{"status"}, "", "show the data directory, catalog and engine version", {}, {}, overview});
    reads_only(r);
}

} // namespace tl::cli
