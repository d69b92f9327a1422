// tapeloom-cli bench backup|read|blocksize|compression|multiplex|catalog|agent (issues 4, 8,
// 10 and 41, docs/benchmarks.md) and the hidden helper bench-source. The work is in engine/bench/;
// this file reads the options and prints the results.
#include <atomic>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <ostream>

#include <unistd.h>

#include "bench/agent_bench.h"
#include "bench/backup_bench.h"
#include "bench/blocksize_bench.h"
#include "bench/catalog_bench.h"
#include "bench/compression_bench.h"
#include "bench/multiplex_bench.h"
#include "bench/read_bench.h"
#include "bench/restore_bench.h"
#include "bench/service_bench.h"
#include "bench/throttled_source.h"
#include "commands/commands.h"
#include "common/text_list.h"
#include "common/units.h"
#include "decimal_option.h"
#include "device/drive_type.h"

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

// SIGINT/SIGTERM set the cancel flag while a bench runs, so its scratch data is still removed.
struct CancelOnSignal {
    CancelOnSignal() {
        g_bench_cancel = false;
        std::signal(SIGINT, [](int) { g_bench_cancel = true; });
        std::signal(SIGTERM, [](int) { g_bench_cancel = true; });
    }
    ~CancelOnSignal() {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
    }
};

// "1,2,4" or "64K,256K,1M": each item through `parse`, at least one, every one above zero.
template <class T, class F>
Result<std::vector<T>> list_option(const Args& a, const char* name, std::vector<T> fallback,
                                   F parse) {
    if (!a.has(name)) return fallback;
    std::vector<T> out;
    for (const auto& item : split_list(a.get(name))) {
        auto v = parse(item);
        if (!v || v.value() == 0)
            return make_error(ErrorKind::InvalidArgument,
                              std::string("--") + name + ": '" + item + "' is not valid here");
        out.push_back(static_cast<T>(v.value()));
    }
    if (out.empty())
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + " needs a comma-separated list");
    return out;
}

Result<std::uint64_t> parse_count(const std::string& v) {
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 1)
        return make_error(ErrorKind::InvalidArgument, "'" + v + "' is not a whole number >= 1");
    return static_cast<std::uint64_t>(n);
}

std::vector<std::string> paths_of(const Args& a) {
    std::vector<std::string> p = a.all("source");
    for (const auto& w : a.words())
        p.push_back(w);
    return p;
}

// The options `bench backup` and `bench restore` share: what to back up and how (both option
// structs name these fields alike).
template <class Options> Status read_workload(const Args& a, Options& o) {
    o.sources = paths_of(a);
    auto size = size_option(a, "size", o.size);
    auto block = size_option(a, "block-size", o.block_size);
    auto files = count_option(a, "files", o.files);
    auto drives = count_option(a, "drives", o.drives);
    auto spd = count_option(a, "sessions-per-drive", o.sessions_per_drive);
    for (const Error* e : {size ? nullptr : &size.error(), block ? nullptr : &block.error(),
                           files ? nullptr : &files.error(), drives ? nullptr : &drives.error(),
                           spd ? nullptr : &spd.error()})
        if (e) return *e;
    o.size = size.value();
    o.block_size = static_cast<std::size_t>(block.value());
    o.files = files.value();
    o.drives = static_cast<std::size_t>(drives.value());
    o.sessions_per_drive = static_cast<std::size_t>(spd.value());
    o.scratch = a.get("scratch", o.scratch);
    return {};
}

int bench_backup(Context& ctx) {
    const auto& a = ctx.args();
    bench::BackupBenchOptions o;
    if (auto st = read_workload(a, o); !st) return ctx.fail(st.error());
    o.null_drives = a.has("null");
    auto rate = decimal_option(a, "drive-rate", o.drive_rate);
    if (!rate) return ctx.fail(rate.error());
    if (rate.value() < 0)
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "--drive-rate must not be negative"));
    if (rate.value() > 0 && o.null_drives)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--drive-rate throttles virtual drives: leave out --null"));
    o.drive_rate = rate.value();
    o.encryption = a.get("encryption", o.encryption);
    if (o.encryption != "none" && o.encryption != "aes-256-gcm")
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument,
                       "--encryption must be none or aes-256-gcm, not '" + o.encryption + "'"));
    if (!ctx.json()) o.note = [&](const std::string& s) { ctx.err() << "bench: " << s << "\n"; };
    o.cancel = &g_bench_cancel;
    SystemClock clock; // a benchmark measures real time
    auto r = [&] {
        CancelOnSignal guard;
        return bench::run_backup_bench(o, clock);
    }();
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json(bench::to_json(r.value()));
    else
        ctx.out() << bench::format_bench(r.value());
    return exit_code_for_job_status(r->backup.status);
}

int bench_restore(Context& ctx) {
    const auto& a = ctx.args();
    bench::RestoreBenchOptions o;
    if (auto st = read_workload(a, o); !st) return ctx.fail(st.error());
    auto writers = count_option(a, "writers", 1);
    if (!writers) return ctx.fail(writers.error());
    auto sync = job::parse_sync_mode(a.get("sync", "end"), "--sync");
    if (!sync) return ctx.fail(sync.error());
    o.writer_threads = a.has("writers") ? static_cast<std::size_t>(writers.value()) : 0;
    o.sync = sync.value();
    o.to = a.get("to");
    o.tar_to = a.get("tar-to");
    if (!ctx.json()) o.note = [&](const std::string& s) { ctx.err() << "bench: " << s << "\n"; };
    o.cancel = &g_bench_cancel;
    SystemClock clock; // a benchmark measures real time
    auto r = [&] {
        CancelOnSignal guard;
        return bench::run_restore_bench(o, clock);
    }();
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json(bench::to_json(r.value()));
    else
        ctx.out() << bench::format_restore_bench(r.value());
    return 0;
}

// Prints a bench result as JSON or as its table; exit 0 (a failed bench is an error value).
template <class R, class J, class F>
int emit(Context& ctx, const Result<R>& r, J to_json_fn, F format_fn) {
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json(to_json_fn(r.value()));
    else
        ctx.out() << format_fn(r.value());
    return 0;
}

Result<std::uint64_t> size_item(const std::string& s) {
    return parse_size(s);
}

int bench_read(Context& ctx) {
    bench::ReadBenchOptions o;
    o.paths = paths_of(ctx.args());
    if (o.paths.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "bench read needs the files or folders to read: PATH..."));
    auto levels = list_option<std::size_t>(ctx.args(), "concurrency", o.concurrency, parse_count);
    if (!levels) return ctx.fail(levels.error());
    o.concurrency = levels.value();
    o.cancel = &g_bench_cancel;
    if (!ctx.json()) ctx.err() << "bench: warming the page cache (untimed read), then timing\n";
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_read_bench(o, clock), [](const auto& v) { return bench::to_json(v); },
        bench::format_read_bench);
}

int bench_blocksize(Context& ctx) {
    const auto& a = ctx.args();
    bench::BlocksizeBenchOptions o;
    o.sources = paths_of(a);
    auto sizes = list_option<std::size_t>(a, "sizes", o.sizes, size_item);
    auto size = size_option(a, "size", o.size);
    auto drives = count_option(a, "drives", o.drives);
    auto spd = count_option(a, "sessions-per-drive", o.sessions_per_drive);
    auto repeat = count_option(a, "repeat", o.repeat);
    for (const Error* e : {sizes ? nullptr : &sizes.error(), size ? nullptr : &size.error(),
                           drives ? nullptr : &drives.error(), spd ? nullptr : &spd.error(),
                           repeat ? nullptr : &repeat.error()})
        if (e) return ctx.fail(*e);
    o.repeat = static_cast<std::size_t>(repeat.value());
    o.sizes = sizes.value();
    o.size = size.value();
    o.drives = static_cast<std::size_t>(drives.value());
    o.sessions_per_drive = static_cast<std::size_t>(spd.value());
    o.scratch = a.get("scratch", o.scratch);
    o.cancel = &g_bench_cancel;
    if (!ctx.json())
        ctx.err() << "bench: one backup per block size to virtual drives under " << o.scratch
                  << "\n";
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_blocksize_bench(o, clock), [](const auto& v) { return bench::to_json(v); },
        bench::format_blocksize_bench);
}

int bench_compression(Context& ctx) {
    const auto& a = ctx.args();
    bench::CompressionBenchOptions o;
    o.paths = paths_of(a);
    if (o.paths.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "bench compression needs the files to compress: PATH..."));
    if (a.has("codecs")) o.codecs = split_list(a.get("codecs"));
    auto rate = decimal_option(a, "drive-rate", o.drive_rate);
    auto max = size_option(a, "max", o.max_bytes);
    for (const Error* e : {rate ? nullptr : &rate.error(), max ? nullptr : &max.error()})
        if (e) return ctx.fail(*e);
    o.drive_rate = rate.value();
    o.max_bytes = max.value();
    o.cancel = &g_bench_cancel;
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_compression_bench(o, clock),
        [](const auto& v) { return bench::to_json(v); }, bench::format_compression_bench);
}

// The running binary, so that bench multiplex's `cmd:` sources run this very tapeloom-cli.
std::string self_path() {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string("tapeloom-cli");
}

int bench_multiplex(Context& ctx) {
    const auto& a = ctx.args();
    bench::MultiplexBenchOptions o;
    auto drives = list_option<std::size_t>(a, "drives", o.drives, parse_count);
    auto spd = count_option(a, "sessions-per-drive", o.sessions_per_drive);
    auto src = decimal_option(a, "source-rate", o.source_rate);
    auto drv = decimal_option(a, "drive-rate", o.drive_rate);
    auto buf = decimal_option(a, "buffer", o.buffer);
    auto size = size_option(a, "size", o.size);
    auto block = size_option(a, "block-size", o.block_size);
    Result<double> rep =
        a.has("reposition") ? parse_seconds(a.get("reposition")) : Result<double>(o.reposition_s);
    for (const Error* e : {drives ? nullptr : &drives.error(), spd ? nullptr : &spd.error(),
                           src ? nullptr : &src.error(), drv ? nullptr : &drv.error(),
                           buf ? nullptr : &buf.error(), size ? nullptr : &size.error(),
                           block ? nullptr : &block.error(), rep ? nullptr : &rep.error()})
        if (e) return ctx.fail(*e);
    if (drv.value() <= 0 || buf.value() <= 0)
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "--drive-rate and --buffer must be above zero"));
    o.drives = drives.value();
    o.sessions_per_drive = static_cast<std::size_t>(spd.value());
    o.source_rate = src.value();
    o.drive_rate = drv.value();
    o.buffer = buf.value();
    o.reposition_s = rep.value();
    if (a.has("model")) {
        auto t = device::find_drive_type(a.get("model"));
        if (!t) return ctx.fail(t.error());
        o.model = t->name;
        o.buffer_given = a.has("buffer");
        auto ts = decimal_option(a, "time-scale", o.time_scale);
        if (!ts || ts.value() <= 0)
            return ctx.fail(
                make_error(ErrorKind::InvalidArgument, "--time-scale takes a number above zero"));
        o.time_scale = ts.value();
    }
    o.size = size.value();
    o.block_size = static_cast<std::size_t>(block.value());
    o.scratch = a.get("scratch", o.scratch);
    o.source_program = self_path();
    o.cancel = &g_bench_cancel;
    if (!ctx.json())
        ctx.err() << "bench: one backup per drive count; throttled sources and drives run in "
                     "real time\n";
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_multiplex_bench(o, clock), [](const auto& v) { return bench::to_json(v); },
        bench::format_multiplex_bench);
}

// bench catalog (issue #8): a synthetic catalog of --entries rows through the CatalogWriter, then
// the restore queries timed on it.
int bench_catalog(Context& ctx) {
    const auto& a = ctx.args();
    bench::CatalogBenchOptions o;
    auto entries = count_option(a, "entries", o.entries);
    auto dirs = count_option(a, "dirs", o.dirs ? o.dirs : 1);
    auto batch = count_option(a, "batch", o.batch);
    for (const Error* e : {entries ? nullptr : &entries.error(), dirs ? nullptr : &dirs.error(),
                           batch ? nullptr : &batch.error()})
        if (e) return ctx.fail(*e);
    o.entries = entries.value();
    o.dirs = a.has("dirs") ? dirs.value() : 0;
    o.batch = batch.value();
    o.files_ls = !a.has("no-files-ls");
    o.scratch = a.get("scratch", o.scratch);
    o.catalog = a.get("catalog");
    o.cancel = &g_bench_cancel;
    if (!ctx.json())
        ctx.err() << "bench: " << o.entries << " catalog entries into a scratch catalog under "
                  << o.scratch << ", then the restore queries\n";
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_catalog_bench(o, clock), [](const auto& v) { return bench::to_json(v); },
        bench::format_catalog_bench);
}

// bench service (issue 16): API latency on a large catalog, what the streams cost the service,
// and a backup through the service next to one in process.
int bench_service(Context& ctx) {
    const auto& a = ctx.args();
    bench::ServiceBenchOptions o;
    auto entries = count_option(a, "entries", o.entries);
    auto jobs = count_option(a, "jobs", o.jobs);
    auto calls = count_option(a, "calls", o.calls);
    auto runs = count_option(a, "runs", o.runs);
    auto size = size_option(a, "size", o.size);
    auto files = count_option(a, "files", o.files);
    auto window = decimal_option(a, "window", o.window);
    auto followers = count_option(a, "followers", o.followers);
    auto history = count_option(a, "history", o.history);
    auto dir_entries = count_option(a, "dir-entries", o.dir_entries);
    auto processes = count_option(a, "processes", o.processes);
    auto backup_rate = decimal_option(a, "backup-rate", o.backup_rate);
    auto backup_seconds = decimal_option(a, "backup-seconds", o.backup_seconds);
    for (const Error* e :
         {entries ? nullptr : &entries.error(), jobs ? nullptr : &jobs.error(),
          calls ? nullptr : &calls.error(), runs ? nullptr : &runs.error(),
          size ? nullptr : &size.error(), files ? nullptr : &files.error(),
          window ? nullptr : &window.error(), followers ? nullptr : &followers.error(),
          history ? nullptr : &history.error(), dir_entries ? nullptr : &dir_entries.error(),
          processes ? nullptr : &processes.error(), backup_rate ? nullptr : &backup_rate.error(),
          backup_seconds ? nullptr : &backup_seconds.error()})
        if (e) return ctx.fail(*e);
    if (a.has("only")) {
        const std::string only = a.get("only");
        if (only != "latency" && only != "stream" && only != "during-backup" && only != "backup")
            return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                       "--only takes latency, stream, during-backup or backup, "
                                       "not '" +
                                           only + "'"));
        o.latency = only == "latency";
        o.stream = only == "stream";
        o.during_backup = only == "during-backup";
        o.backup = only == "backup";
    }
    o.history = history.value();
    o.dir_entries = dir_entries.value();
    o.processes = static_cast<std::size_t>(processes.value());
    o.backup_rate = backup_rate.value();
    o.backup_seconds = backup_seconds.value();
    o.entries = entries.value();
    o.jobs = jobs.value();
    o.calls = static_cast<std::size_t>(calls.value());
    o.runs = static_cast<std::size_t>(runs.value());
    o.size = size.value();
    o.files = files.value();
    o.window = window.value();
    o.followers = static_cast<std::size_t>(followers.value());
    o.scratch = a.get("scratch", o.scratch);
    o.source_program = self_path();
    o.start_service = [&a](const std::string& home) -> Result<long> {
        return start_service_process(home, a);
    };
    o.cancel = &g_bench_cancel;
    if (!ctx.json())
        ctx.err() << "bench: services on scratch data directories under " << o.scratch
                  << "; the stream part runs in real time (3 windows of " << o.window << " s)\n";
    SystemClock clock;
    CancelOnSignal guard;
    return emit(
        ctx, bench::run_service_bench(o, clock), [](const auto& v) { return bench::to_json(v); },
        bench::format_service_bench);
}

// The tapeloom-agent beside this tapeloom-cli (the build's bin/, an installation's /usr/bin),
// else the one on PATH.
std::string agent_program() {
    const auto beside = std::filesystem::path(self_path()).parent_path() / "tapeloom-agent";
    std::error_code ec;
    return std::filesystem::exists(beside, ec) ? beside.string() : std::string("tapeloom-agent");
}

// bench agent (issue 41): the same backup from local sources and from tapeloom-agent processes.
int bench_agent(Context& ctx) {
    const auto& a = ctx.args();
    bench::AgentBenchOptions o;
    if (auto st = read_workload(a, o); !st) return ctx.fail(st.error());
    auto agents = count_option(a, "agents", o.agents);
    if (!agents) return ctx.fail(agents.error());
    o.agents = static_cast<std::size_t>(agents.value());
    auto rate = decimal_option(a, "drive-rate", o.drive_rate);
    if (!rate) return ctx.fail(rate.error());
    if (rate.value() < 0)
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "--drive-rate must not be negative"));
    o.drive_rate = rate.value();
    o.agent_program = a.has("agent") ? a.get("agent") : agent_program();
    if (!ctx.json()) o.note = [&](const std::string& s) { ctx.err() << "bench: " << s << "\n"; };
    o.cancel = &g_bench_cancel;
    SystemClock clock; // a benchmark measures real time
    auto r = [&] {
        CancelOnSignal guard;
        return bench::run_agent_bench(o, clock);
    }();
    if (!r) return ctx.fail(r.error());
    if (ctx.json())
        ctx.print_json(bench::to_json(r.value()));
    else
        ctx.out() << bench::format_agent_bench(r.value());
    return exit_code_for_job_status(r->remote.status);
}

// Hidden helper of bench multiplex: a throttled, incompressible `cmd:` source on stdout.
int bench_source(Context& ctx) {
    const auto& a = ctx.args();
    auto size = size_option(a, "size", 0);
    auto rate = decimal_option(a, "rate", 0);
    auto seed = count_option(a, "seed", 1);
    for (const Error* e : {size ? nullptr : &size.error(), rate ? nullptr : &rate.error(),
                           seed ? nullptr : &seed.error()})
        if (e) return ctx.fail(*e);
    SystemClock clock;
    auto st =
        bench::write_throttled(STDOUT_FILENO, size.value(), rate.value(), seed.value(), clock);
    if (!st) return ctx.fail(st.error());
    return 0;
}
} // namespace

void add_bench_commands(Registry& r) {
    r.push_back(
        {{"bench", "backup"},
         "[--size 1G] [--files 4] [--source PATH...] [--drives 2] [--sessions-per-drive "
         "4] [--block-size 256K] [--scratch /dev/shm] [--null] [--encryption none|aes-256-gcm] "
         "[--drive-rate 400M]",
         "measure dd-like read, cat-like copy and a backup to tmpfs virtual drives (or, with "
         "--null, to null drives; with --drive-rate, to drives streaming at that rate) on the "
         "same files (docs/benchmarks.md)",
         {"size", "files", "source", "drives", "sessions-per-drive", "block-size", "scratch",
          "encryption", "drive-rate"},
         {"null"},
         bench_backup});
    r.push_back(
        {{"bench", "restore"},
         "[--source PATH... | --files 20000 --size 256M] [--to DIR] [--tar-to DIR] "
         "[--sync end|file|none] [--writers N] [--drives 1] [--sessions-per-drive 4] "
         "[--block-size 256K] [--scratch /dev/shm]",
         "measure tar -c and a backup to tmpfs virtual drives, then a restore and tar -x of the "
         "same files onto DIR (a fresh filesystem), each with its final sync (docs/benchmarks.md)",
         {"size", "files", "source", "drives", "sessions-per-drive", "block-size", "scratch", "to",
          "tar-to", "sync", "writers"},
         {},
         bench_restore});
    r.push_back({{"bench", "read"},
                 "PATH... [--concurrency 1,2,4,8]",
                 "NULL-device read: N concurrent readers (2 MiB reads, discarded) from the "
                 "warmed page cache; MB/s and CPU s/GiB per level",
                 {"concurrency", "source"},
                 {},
                 bench_read});
    r.push_back({{"bench", "blocksize"},
                 "[--sizes 64K,256K,1M] [--size 256M] [--source PATH...] [--drives 1] "
                 "[--sessions-per-drive 4] [--repeat 3] [--scratch /dev/shm]",
                 "one backup to tmpfs virtual drives per block size; MB/s and CPU s/GiB",
                 {"sizes", "size", "source", "drives", "sessions-per-drive", "repeat", "scratch"},
                 {},
                 bench_blocksize});
    r.push_back({{"bench", "compression"},
                 "PATH... [--codecs none,lz4,zstd:1,zstd:3,zstd:9,gzip:1,gzip:6] "
                 "[--drive-rate 160M] [--max 256M]",
                 "each codec on the files' content in 128 KiB frames, one thread; whether the "
                 "drive would still stream",
                 {"codecs", "drive-rate", "max", "source"},
                 {},
                 bench_compression});
    r.push_back({{"bench", "multiplex"},
                 "[--drives 1,2,4] [--sessions-per-drive 4] [--source-rate 4.5M] "
                 "[--drive-rate 11M] [--buffer 8M] [--reposition 3s] [--size 64M] "
                 "[--block-size 256K] [--scratch /dev/shm] [--model lto9 [--time-scale 10]]",
                 "the seed-000 table: throttled sources multiplexed onto streaming-model "
                 "virtual drives (--model: a drive type's model scaled to --drive-rate); "
                 "sustained/wall rate, CPU, shoe-shine per drive",
                 {"drives", "sessions-per-drive", "source-rate", "drive-rate", "buffer",
                  "reposition", "size", "block-size", "scratch", "model", "time-scale"},
                 {},
                 bench_multiplex});
    r.push_back({{"bench", "catalog"},
                 "[--entries 1000000] [--dirs N] [--batch 50000] [--no-files-ls] "
                 "[--scratch /dev/shm] [--catalog postgresql://... (an empty database)]",
                 "a scratch catalog of N entries written through the backup's catalog writer; "
                 "insert files/s, bytes per entry, directory listing, name search and versions "
                 "times",
                 {"entries", "dirs", "batch", "scratch"},
                 {"no-files-ls"},
                 bench_catalog});
    r.push_back(
        {{"bench", "service"},
         "[--only latency|stream|during-backup|backup] [--entries 1000000] "
         "[--jobs 1000] [--calls 300] [--window 15] [--followers 8] [--history 10000] "
         "[--dir-entries 5000] [--processes 20] [--backup-rate 8M] "
         "[--backup-seconds 300] [--size 1G] [--files 4] [--runs 3] "
         "[--scratch /dev/shm]",
         "the service on scratch data directories: p99 of jobs list and a 1000-entry "
         "directory page, the CPU the live streams cost, jobs list and files ls while a "
         "2-drive backup runs, a backup through the service next to one in process "
         "(docs/benchmarks.md)",
         {"only", "entries", "jobs", "calls", "window", "followers", "history", "dir-entries",
          "processes", "backup-rate", "backup-seconds", "size", "files", "runs", "scratch"},
         {},
         bench_service});
    r.push_back(
        {{"bench", "agent"},
         "[--size 1G] [--files 4] [--source PATH...] [--agents 1] [--drives 2] "
         "[--sessions-per-drive 4] [--block-size 256K] [--drive-rate R] [--scratch /dev/shm] "
         "[--agent PATH]",
         "the same backup from local sources and from tapeloom-agent processes over TLS on "
         "127.0.0.1 (the sources dealt over --agents); MB/s, files/s, CPU s/GiB of service and "
         "agents, each client's rate, the ratios (docs/benchmarks.md)",
         {"size", "files", "source", "agents", "drives", "sessions-per-drive", "block-size",
          "drive-rate", "scratch", "agent"},
         {},
         bench_agent});
    r.push_back({{"bench-source"},
                 "--size N [--rate R] [--seed S]",
                 "(internal, used by bench multiplex) write N incompressible bytes to stdout "
                 "at rate R",
                 {"size", "rate", "seed"},
                 {},
                 bench_source});
}

} // namespace tl::cli
