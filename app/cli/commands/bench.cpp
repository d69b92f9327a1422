// tapeloom-cli bench backup: the issue-4 benchmark (docs/benchmarks.md). The work is in
// engine/bench/; this file reads the options and prints the result.
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <ostream>

#include "bench/backup_bench.h"
#include "commands/commands.h"
#include "common/units.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_bench_cancel{false}; // SIGINT/SIGTERM: stop, and still remove the scratch data

Result<std::uint64_t> size_option(const Args& a, const char* name, std::uint64_t fallback) {
    if (!a.has(name)) return fallback;
    auto v = parse_size(a.get(name));
    if (!v || v.value() == 0)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + " takes a size such as 8M or 1.8G, not '" +
                              a.get(name) + "'");
    return v.value();
}

Result<std::uint64_t> count_option(const Args& a, const char* name, std::uint64_t fallback) {
    if (!a.has(name)) return fallback;
    const std::string v = a.get(name);
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 1)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + " takes a whole number >= 1, not '" + v + "'");
    return static_cast<std::uint64_t>(n);
}

int bench_backup(Context& ctx) {
    const auto& a = ctx.args();
    if (a.has("null"))
        // run_backup writes to the drives of a library only; a standalone null drive cannot be
        // its target yet. The tmpfs virtual drives come closest to "no drive cost".
        return ctx.fail(make_error(ErrorKind::Unsupported,
                                   "--null is not available yet: backups write to library drives "
                                   "only; leave it out to measure virtual drives on tmpfs"));
    bench::BackupBenchOptions o;
    o.sources = a.all("source");
    for (const auto& w : a.words())
        o.sources.push_back(w);
    auto size = size_option(a, "size", o.size);
    auto block = size_option(a, "block-size", o.block_size);
    auto files = count_option(a, "files", o.files);
    auto drives = count_option(a, "drives", o.drives);
    auto spd = count_option(a, "sessions-per-drive", o.sessions_per_drive);
    for (const Error* e : {size ? nullptr : &size.error(), block ? nullptr : &block.error(),
                           files ? nullptr : &files.error(), drives ? nullptr : &drives.error(),
                           spd ? nullptr : &spd.error()})
        if (e) return ctx.fail(*e);
    o.size = size.value();
    o.block_size = static_cast<std::size_t>(block.value());
    o.files = files.value();
    o.drives = static_cast<std::size_t>(drives.value());
    o.sessions_per_drive = static_cast<std::size_t>(spd.value());
    o.scratch = a.get("scratch", o.scratch);
    if (!ctx.json()) o.note = [&](const std::string& s) { ctx.err() << "bench: " << s << "\n"; };
    g_bench_cancel = false;
    o.cancel = &g_bench_cancel;
    std::signal(SIGINT, [](int) { g_bench_cancel = true; });
    std::signal(SIGTERM, [](int) { g_bench_cancel = true; });
    SystemClock clock; // a benchmark measures real time
    auto r = bench::run_backup_bench(o, clock);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json(bench::to_json(r.value()));
    else
        ctx.out() << bench::format_bench(r.value());
    return exit_code_for_job_status(r->backup.status);
}
} // namespace

void add_bench_commands(Registry& r) {
    r.push_back(
        {{"bench", "backup"},
         "[--size 1G] [--files 4] [--source PATH...] [--drives 2] [--sessions-per-drive "
         "4] [--block-size 256K] [--scratch /dev/shm]",
         "measure dd-like read, cat-like copy and a backup to tmpfs virtual drives on "
         "the same files (docs/benchmarks.md)",
         {"size", "files", "source", "drives", "sessions-per-drive", "block-size", "scratch"},
         {"null"},
         bench_backup});
}

} // namespace tl::cli
