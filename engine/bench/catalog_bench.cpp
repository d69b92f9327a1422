#include "bench/catalog_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include <sys/resource.h>

#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "bench/xorshift.h"
#include "catalog/db.h"
#include "catalog/db_stats.h"
#include "catalog/entry_store.h"
#include "catalog/job_writer.h"
#include "catalog/media_use_store.h"
#include "catalog/pg_schema.h"
#include "catalog/saveset_store.h"
#include "catalog/schema.h"
#include "catalog/session_store.h"
#include "common/clock.h"
#include "common/log.h"
#include "common/units.h"
#include "job/catalog_browser.h"
#include "job/catalog_writer.h"
#include "job/restore_selection.h"

namespace tl::bench {

namespace {
namespace fs = std::filesystem;
using Steady = std::chrono::steady_clock;

constexpr const char* kSource = "/srv/bench";
constexpr const char* kNeedle = "needle-config.yaml";
constexpr std::uint64_t kLeavesPerProject = 16;
constexpr std::uint64_t kProjectsPerArea = 16;
constexpr std::uint32_t kBlockSize = 256 * 1024;

// CPU time (user + system) of the calling thread, in seconds.
double thread_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_THREAD, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double since(Steady::time_point t0) {
    return std::chrono::duration<double>(Steady::now() - t0).count();
}

Timing summarize(std::vector<double> v) {
    Timing t;
    t.runs = v.size();
    if (v.empty()) return t;
    std::sort(v.begin(), v.end());
    t.median = v[v.size() / 2];
    t.worst = v.back();
    return t;
}

// The synthetic tree: leaf directories srv-area-AAA/project-PPPPP/module-LLLLLL-data below the
// root, their parents as directory entries, and the files spread evenly over the leaves.
struct Tree {
    std::uint64_t leaves = 0, projects = 0, areas = 0;
    std::uint64_t files = 0; // regular files (entries minus directory entries)

    static Result<Tree> plan(std::uint64_t entries, std::uint64_t leaves) {
        Tree t;
        t.leaves = leaves;
        t.projects = (leaves + kLeavesPerProject - 1) / kLeavesPerProject;
        t.areas = (t.projects + kProjectsPerArea - 1) / kProjectsPerArea;
        const std::uint64_t dir_entries = 1 + t.areas + t.projects + t.leaves;
        if (entries < dir_entries + leaves)
            return make_error(ErrorKind::InvalidArgument,
                              "--entries " + std::to_string(entries) + " is too small for " +
                                  std::to_string(leaves) + " directories (needs at least " +
                                  std::to_string(dir_entries + leaves) + "); lower --dirs");
        t.files = entries - dir_entries;
        return t;
    }
    std::uint64_t files_in(std::uint64_t leaf) const {
        return files / leaves + (leaf < files % leaves ? 1 : 0);
    }
    static std::string area(std::uint64_t a) { return fmt("srv-area-%03llu", a); }
    static std::string project(std::uint64_t p) { return fmt("project-%05llu", p); }
    static std::string module(std::uint64_t l) { return fmt("module-%06llu-data", l); }
    std::string project_path(std::uint64_t p) const {
        return area(p / kProjectsPerArea) + "/" + project(p);
    }
    std::string leaf_path(std::uint64_t l) const {
        return project_path(l / kLeavesPerProject) + "/" + module(l);
    }
    // File j of leaf l: every tenth (j % 10 == 3) is a .log; the needle is file 0 of the middle
    // leaf. No other name ends in ".log" or contains the needle.
    std::string file_name(std::uint64_t l, std::uint64_t j) const {
        static const char* stems[] = {"quarterly_report", "IMG",          "build-output", "invoice",
                                      "meeting-notes",    "dataset_part", "thumbnail",    "config"};
        static const char* exts[] = {".pdf", ".jpg", ".o",   ".txt", ".json",
                                     ".csv", ".png", ".cpp", ".xml"};
        if (l == leaves / 2 && j == 0) return kNeedle;
        const char* ext = j % 10 == 3 ? ".log" : exts[(j + l) % 9];
        return std::string(stems[(j * 7 + l) % 8]) + fmt("-%05llu", j) + ext;
    }
    std::uint64_t logs_in(std::uint64_t leaf) const {
        const std::uint64_t n = files_in(leaf);
        return n / 10 + (n % 10 > 3 ? 1 : 0);
    }

    template <class... A> static std::string fmt(const char* f, A... a) {
        char buf[64];
        std::snprintf(buf, sizeof buf, f, static_cast<unsigned long long>(a)...);
        return buf;
    }
};

// Rows a backup writes before its catalog batches: job, media session, volume, save set.
struct SavesetIds {
    std::int64_t job = 0, session = 0, saveset = 0;
    long long started = 0;
};

Result<std::int64_t> add_volume(catalog::Db& db) {
    catalog::NewVolume v;
    v.barcode = "BENCH001L9";
    v.pool_id = 1;
    v.block_size = kBlockSize;
    return catalog::add_append_volume(db, v);
}

Result<SavesetIds> add_bench_saveset(catalog::Db& db, const std::string& level, long long started,
                                     std::int64_t base, XorShift& rng) {
    SavesetIds ids;
    ids.started = started;
    catalog::NewJob job;
    job.kind = "backup";
    job.name = "bench";
    job.level = level;
    job.pool_id = 1;
    job.started = started;
    auto id = catalog::add_job(db, job);
    if (!id) return id.error();
    ids.job = id.value();
    std::uint64_t uuid[2] = {rng.next(), rng.next()};
    auto session = catalog::add_session(db, ids.job, uuid, "bench-drive", kBlockSize);
    if (!session) return session.error();
    ids.session = session.value();
    catalog::NewSaveset row;
    row.job_id = ids.job;
    row.session_id = ids.session;
    row.source = kSource;
    row.kind = "files";
    row.codec = "none";
    row.base_id = base;
    auto saveset = catalog::add_saveset(db, row);
    if (!saveset) return saveset.error();
    ids.saveset = saveset.value();
    return ids;
}

Status finish_bench_saveset(catalog::Db& db, const SavesetIds& ids, std::uint64_t files,
                            std::uint64_t bytes) {
    TL_TRY(catalog::finish_saveset(db, ids.saveset, "completed", files, bytes, bytes));
    catalog::JobUpdate end;
    end.status = "completed";
    end.ended = ids.started + 60;
    end.files = files;
    end.bytes = bytes;
    return catalog::update_job(db, ids.job, end);
}

// Fills batches as a backup's drive worker does (one per tape file, with its extent and tape file
// record) and commits each through the CatalogWriter; only commit() is timed.
class BatchFeeder {
public:
    BatchFeeder(job::CatalogWriter& w, const SavesetIds& ids, std::int64_t volume,
                std::uint64_t batch, std::uint32_t first_file_number, XorShift& rng)
        : w_(w), ids_(ids), volume_(volume), batch_size_(batch), file_number_(first_file_number),
          rng_(rng) {}

    Status add(const std::string& dir, const std::string& name, bool is_dir) {
        job::FileRecord f;
        f.saveset_id = ids_.saveset;
        f.dir = dir;
        f.name = name;
        f.kind = is_dir ? 1 : 0;
        f.mode = is_dir ? 040755 : 0100644;
        f.uid = f.gid = 1000;
        f.size = is_dir ? 0 : rng_.between(100, 64 * 1024);
        f.mtime_ns = 1'760'000'000'000'000'000ll +
                     static_cast<std::int64_t>(rng_.between(0, 1'000'000'000'000'000ull));
        f.ctime_ns = f.mtime_ns;
        f.inode = ++inode_;
        if (!is_dir) {
            rng_.fill(f.hash.data(), f.hash.size());
            f.has_hash = true;
        }
        f.offset = offset_;
        f.volume_id = volume_;
        f.file_number = file_number_;
        f.block = static_cast<std::uint32_t>((offset_ - batch_start_) / kBlockSize);
        offset_ += 512 + f.size; // object header and data
        batch_.files.push_back(std::move(f));
        if (batch_.files.size() >= batch_size_) return flush();
        return {};
    }

    Status flush() {
        if (batch_.files.empty()) return {};
        const std::uint64_t blocks = (offset_ - batch_start_ + kBlockSize - 1) / kBlockSize;
        batch_.extents.push_back({ids_.saveset, batch_start_, offset_, volume_, file_number_, 0,
                                  static_cast<std::uint32_t>(blocks ? blocks - 1 : 0)});
        batch_.tape_file = {ids_.session, volume_, 0,          file_number_,
                            first_seq_,   blocks,  first_seq_, blocks * kBlockSize};
        batch_.volume_next_file = file_number_ + 1;
        const auto t0 = Steady::now();
        const double cpu0 = thread_cpu_seconds();
        TL_TRY(w_.commit(batch_));
        seconds_ += since(t0);
        cpu_seconds_ += thread_cpu_seconds() - cpu0;
        rows_ += batch_.files.size();
        first_seq_ += blocks;
        ++file_number_;
        batch_start_ = offset_;
        batch_ = {};
        return {};
    }

    double seconds() const { return seconds_; }
    double cpu_seconds() const { return cpu_seconds_; }
    std::uint64_t rows() const { return rows_; }
    std::uint64_t bytes() const { return offset_; }
    std::uint32_t next_file_number() const { return file_number_; }

private:
    job::CatalogWriter& w_;
    SavesetIds ids_;
    std::int64_t volume_;
    std::uint64_t batch_size_;
    std::uint32_t file_number_;
    XorShift& rng_;
    job::CatalogBatch batch_;
    std::uint64_t offset_ = 0, batch_start_ = 0, first_seq_ = 0, rows_ = 0, inode_ = 0;
    double seconds_ = 0, cpu_seconds_ = 0;
};

bool cancelled(const CatalogBenchOptions& o) {
    return o.cancel && o.cancel->load();
}

Error cancelled_error() {
    return make_error(ErrorKind::Cancelled, "bench catalog cancelled");
}

// The full save set, in walk order: the root, then depth first.
Status write_full(BatchFeeder& feed, const Tree& t, const CatalogBenchOptions& o) {
    TL_TRY(feed.add("", "", true));
    for (std::uint64_t a = 0; a < t.areas; ++a) {
        TL_TRY(feed.add("", Tree::area(a), true));
        for (std::uint64_t p = a * kProjectsPerArea;
             p < std::min(t.projects, (a + 1) * kProjectsPerArea); ++p) {
            TL_TRY(feed.add(Tree::area(a), Tree::project(p), true));
            const std::string ppath = t.project_path(p);
            for (std::uint64_t l = p * kLeavesPerProject;
                 l < std::min(t.leaves, (p + 1) * kLeavesPerProject); ++l) {
                TL_TRY(feed.add(ppath, Tree::module(l), true));
                const std::string lpath = t.leaf_path(l);
                for (std::uint64_t j = 0; j < t.files_in(l); ++j)
                    TL_TRY(feed.add(lpath, t.file_name(l, j), false));
                if (cancelled(o)) return cancelled_error();
            }
        }
    }
    return feed.flush();
}

// The incremental: file 1 + m / leaves of leaf m % leaves, modified (a new version, same name).
Status write_incr(BatchFeeder& feed, const Tree& t, std::uint64_t changed) {
    for (std::uint64_t m = 0; m < changed; ++m) {
        const std::uint64_t l = m % t.leaves, j = 1 + m / t.leaves;
        TL_TRY(feed.add(t.leaf_path(l), t.file_name(l, j), false));
    }
    return feed.flush();
}

// How many files write_incr can modify: files 1.. of every leaf (file 0 may be the needle), as
// many per leaf as the smallest leaf (the last one) holds.
std::uint64_t changeable(const Tree& t) {
    return t.leaves * (t.files_in(t.leaves - 1) - 1);
}

std::uint64_t file_size(const std::string& p) {
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    return ec ? 0 : static_cast<std::uint64_t>(n);
}

// What fill() wrote and how long the CatalogWriter's commits took.
struct Filled {
    std::int64_t full_job = 0;
    std::uint64_t rows = 0, changed = 0;
    double seconds = 0, cpu_seconds = 0, incr_seconds = 0;
    double end_seconds = 0, end_cpu_seconds = 0; // the full save set's end (finish_saveset)
};

// The full save set of tree `t` and an incremental of `changed` files, written into the catalog
// `db` (at `path`, migrated) through a CatalogWriter as a backup writes them.
Result<Filled> fill(catalog::Db& db, const std::string& path, const Tree& t,
                    const CatalogBenchOptions& o, long long now, std::uint64_t changed) {
    XorShift rng(o.seed);
    auto volume = add_volume(db);
    if (!volume) return volume.error();
    auto writer = job::CatalogWriter::open(path);
    if (!writer) return writer.error();
    auto full = add_bench_saveset(db, "full", now - 7200, 0, rng);
    if (!full) return full.error();
    BatchFeeder ffeed(*writer.value(), full.value(), volume.value(), o.batch, 1, rng);
    log::get("engine")->info("bench catalog: writing {} entries in {} directories to {}", o.entries,
                             t.leaves, db.name()); // the name: a URL without its password
    TL_TRY(write_full(ffeed, t, o));
    // The save set's end is part of writing it: on SQLite it builds the name keys
    // (catalog/entry_names.h).
    const auto end0 = Steady::now();
    const double end_cpu0 = thread_cpu_seconds();
    TL_TRY(finish_bench_saveset(db, full.value(), ffeed.rows(), ffeed.bytes()));
    const double end_seconds = since(end0), end_cpu_seconds = thread_cpu_seconds() - end_cpu0;
    auto incr = add_bench_saveset(db, "incr", now - 3600, full->saveset, rng);
    if (!incr) return incr.error();
    BatchFeeder ifeed(*writer.value(), incr.value(), volume.value(), o.batch,
                      ffeed.next_file_number(), rng);
    TL_TRY(write_incr(ifeed, t, changed));
    TL_TRY(finish_bench_saveset(db, incr.value(), ifeed.rows(), ifeed.bytes()));
    TL_TRY(writer.value()->finish());
    return Filled{full->job,           ffeed.rows(),    ifeed.rows(), ffeed.seconds(),
                  ffeed.cpu_seconds(), ifeed.seconds(), end_seconds,  end_cpu_seconds};
}

Result<Tree> plan_tree(const CatalogBenchOptions& o) {
    if (o.entries == 0 || o.batch == 0 || o.samples == 0)
        return make_error(ErrorKind::InvalidArgument, "--entries and --batch must be at least 1");
    return Tree::plan(o.entries, o.dirs ? o.dirs : std::max<std::uint64_t>(1, o.entries / 1000));
}

// Runs `fn` `runs` times; fn returns the rows found or an error.
template <class F>
Result<CatalogQuery> time_query(std::string what, std::string arg, std::uint64_t expected,
                                std::size_t runs, F fn) {
    CatalogQuery q{std::move(what), std::move(arg), {}, 0, expected};
    std::vector<double> t;
    for (std::size_t i = 0; i < runs; ++i) {
        const auto t0 = Steady::now();
        auto n = fn();
        t.push_back(since(t0));
        if (!n) return n.error();
        q.found = n.value();
    }
    q.time = summarize(std::move(t));
    return q;
}

Status time_queries(catalog::Db& db, const Tree& t, const CatalogBenchOptions& o,
                    std::uint64_t changed, CatalogBenchResult& r) {
    // The view: the newest backup of the source (the incremental) and its chain.
    job::BrowseRoot root;
    auto view = time_query("view (browse_roots)", kSource, 1, 5, [&]() -> Result<std::uint64_t> {
        auto roots = job::browse_roots(db, 0, kSource, 0);
        if (!roots) return roots.error();
        root = roots->front();
        return roots->size();
    });
    if (!view) return view.error();
    r.queries.push_back(view.value());

    // Listing: random leaf directories, each listed whole.
    XorShift rng(o.seed * 7919 + 1);
    std::vector<double> times;
    CatalogQuery list{"list directory (list_directory)", "", {}, 0, 0};
    for (std::size_t i = 0; i < o.samples; ++i) {
        const std::uint64_t l = rng.between(0, t.leaves - 1);
        const std::string dir = t.leaf_path(l);
        const auto t0 = Steady::now();
        auto page = job::list_directory(db, root, dir, "", t.files_in(l) + 1);
        times.push_back(since(t0));
        if (!page) return page.error();
        if (page->size() != t.files_in(l) || list.arg.empty()) { // keep the first, or a mismatch
            list.arg = dir;
            list.found = page->size();
            list.expected = t.files_in(l);
        }
        if (cancelled(o)) return cancelled_error();
    }
    list.time = summarize(std::move(times));
    r.queries.push_back(list);

    // The `files ls` path: one directory of the view read in pages of 1000 by list_directory,
    // as app/cli/commands/restore.cpp does; then the `restore --source` path: the whole view
    // selected (select_files), every entry of the newest version.
    if (o.files_ls) {
        const std::uint64_t l = t.leaves / 3;
        const std::string dir = t.leaf_path(l);
        auto ls = time_query("files ls (list_directory)", dir, t.files_in(l), 3,
                             [&]() -> Result<std::uint64_t> {
                                 std::uint64_t n = 0;
                                 std::string after;
                                 for (;;) {
                                     auto page = job::list_directory(db, root, dir, after, 1000);
                                     if (!page) return page.error();
                                     n += page->size();
                                     if (page->size() < 1000) return n;
                                     after = page->back().name;
                                 }
                             });
        if (!ls) return ls.error();
        r.queries.push_back(ls.value());
        auto sel = time_query("restore selection (select_files)", kSource, r.entries, 1,
                              [&]() -> Result<std::uint64_t> {
                                  job::SelectionRequest req;
                                  req.source = kSource;
                                  auto s = job::select_files(db, req);
                                  if (!s) return s.error();
                                  return s->files;
                              });
        if (!sel) return sel.error();
        r.queries.push_back(sel.value());
    }

    // Name search over the view: a glob and a specific name.
    std::uint64_t logs = 0;
    for (std::uint64_t l = 0; l < t.leaves; ++l)
        logs += t.logs_in(l);
    // Every match of '*.log' (a tenth of the entries; one run: no target, and on PostgreSQL at
    // 10 M entries it takes minutes), the first page of them as the console's search shows
    // (1000, sorted by path), and one specific name.
    struct Search {
        std::string pattern;
        std::uint64_t expected, limit;
        std::size_t runs;
    };
    for (const auto& [pattern, expected, limit, runs] :
         {Search{"*.log", logs, logs + 10, 1},
          Search{"*.log", std::min<std::uint64_t>(logs, 1000), 1000, 3},
          Search{kNeedle, 1, 11, 3}}) {
        auto s = time_query(limit == 1000 ? "search, first 1000 (search_names)"
                                          : "search (search_names)",
                            pattern, expected, runs, [&]() -> Result<std::uint64_t> {
                                auto hits = job::search_names(db, root, pattern, limit);
                                if (!hits) return hits.error();
                                return hits->size();
                            });
        if (!s) return s.error();
        r.queries.push_back(s.value());
        if (cancelled(o)) return cancelled_error();
    }

    // The versions of one path: the incremental modified file 1 of leaf 0.
    const std::string path = std::string(kSource) + "/" + t.leaf_path(0) + "/" + t.file_name(0, 1);
    auto v = time_query("versions (file_versions)", path, changed ? 2 : 1, 3,
                        [&]() -> Result<std::uint64_t> {
                            auto vs = job::file_versions(db, path);
                            if (!vs) return vs.error();
                            return vs->size();
                        });
    if (!v) return v.error();
    r.queries.push_back(v.value());
    return {};
}
} // namespace

Result<CatalogBenchResult> run_catalog_bench(const CatalogBenchOptions& o, Clock& clock) {
    CatalogBenchResult r;
    r.machine = read_machine_info(clock);
    auto tree = plan_tree(o);
    if (!tree) return tree.error();
    const Tree& t = tree.value();
    const std::uint64_t changed = std::min(o.changed, changeable(t));

    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string path = o.catalog.empty() ? scratch.path + "/catalog.db" : o.catalog;
    auto db = catalog::Db::open(path, true);
    if (!db) return db.error();
    if (db->postgres()) {
        auto version = catalog::stored_schema_version(db.value());
        if (!version) return version.error();
        if (version.value() != 0)
            return make_error(ErrorKind::AlreadyExists,
                              "bench catalog --catalog " + db->name() +
                                  " needs an empty database (it drops its scratch tables at the "
                                  "end); this one holds a catalog");
    }
    TL_TRY(catalog::migrate(db.value()));
    const long long now = static_cast<long long>(
        std::chrono::duration_cast<std::chrono::seconds>(clock.wall().time_since_epoch()).count());
    auto filled = fill(db.value(), path, t, o, now, changed);
    if (!filled) return filled.error();
    r.entries = filled->rows;
    r.changed = filled->changed;
    r.batch = o.batch;
    r.insert_seconds = filled->seconds + filled->end_seconds;
    r.insert_cpu_seconds = filled->cpu_seconds + filled->end_cpu_seconds;
    r.end_seconds = filled->end_seconds;
    r.incr_seconds = filled->incr_seconds;
    r.file_bytes = file_size(path) + file_size(path + "-wal") + file_size(path + "-shm");
    auto size = catalog::checkpointed_size(db.value());
    if (!size) return size.error();
    auto dirs = catalog::directory_count(db.value());
    if (!dirs) return dirs.error();
    r.page_size = size->page_size;
    r.catalog_bytes = size->pages * r.page_size;
    if (auto parts = catalog::structure_sizes(db.value()))
        for (const auto& p : parts.value())
            r.structures.emplace_back(p.name, p.bytes);
    r.dirs = static_cast<std::uint64_t>(dirs.value());
    if (cancelled(o)) return cancelled_error();

    // Queries on a fresh connection, as the CLI opens the catalog.
    auto qdb = catalog::Db::open(path, false);
    if (!qdb) return qdb.error();
    TL_TRY(time_queries(qdb.value(), t, o, r.changed, r));
    if (qdb->postgres()) TL_TRY(catalog::pg_drop_catalog(qdb.value()));
    return r;
}

Result<BenchCatalog> write_bench_catalog(const std::string& path, const CatalogBenchOptions& o,
                                         Clock& clock) {
    auto tree = plan_tree(o);
    if (!tree) return tree.error();
    const Tree& t = tree.value();
    auto db = catalog::Db::open(path, true);
    if (!db) return db.error();
    TL_TRY(catalog::migrate(db.value()));
    const long long now = static_cast<long long>(
        std::chrono::duration_cast<std::chrono::seconds>(clock.wall().time_since_epoch()).count());
    auto filled = fill(db.value(), path, t, o, now, std::min(o.changed, changeable(t)));
    if (!filled) return filled.error();
    const std::uint64_t leaf = t.leaves / 3;
    return BenchCatalog{filled->full_job, t.leaf_path(leaf), t.files_in(leaf), filled->rows};
}

nlohmann::json to_json(const CatalogBenchResult& r) {
    const double rows = static_cast<double>(r.entries + r.changed);
    nlohmann::json q = nlohmann::json::array();
    for (const auto& x : r.queries)
        q.push_back({{"what", x.what},
                     {"arg", x.arg},
                     {"median_s", x.time.median},
                     {"worst_s", x.time.worst},
                     {"runs", x.time.runs},
                     {"found", x.found},
                     {"expected", x.expected}});
    return {{"machine", machine_json(r.machine)},
            {"date", r.machine.date},
            {"entries", r.entries},
            {"dirs", r.dirs},
            {"incr_entries", r.changed},
            {"batch", r.batch},
            {"insert_seconds", r.insert_seconds},
            {"insert_files_per_s", r.insert_seconds > 0 ? r.entries / r.insert_seconds : 0.0},
            {"insert_cpu_seconds", r.insert_cpu_seconds},
            {"insert_files_per_cpu_s",
             r.insert_cpu_seconds > 0 ? r.entries / r.insert_cpu_seconds : 0.0},
            {"end_seconds", r.end_seconds},
            {"incr_seconds", r.incr_seconds},
            {"catalog_bytes", r.catalog_bytes},
            {"file_bytes", r.file_bytes},
            {"page_size", r.page_size},
            {"bytes_per_entry", rows > 0 ? r.catalog_bytes / rows : 0.0},
            {"bytes_by_structure", r.structures},
            {"queries", q}};
}

namespace {
// "  layout  : entries 60.2, entries_name 12.4, ... bytes/entry": where the bytes per entry go
// (structures of at least 0.1 byte per entry).
std::string layout_line(const std::vector<std::pair<std::string, std::uint64_t>>& parts,
                        double rows) {
    if (parts.empty() || rows <= 0) return {};
    std::string s = "  layout  :";
    char num[32];
    for (const auto& [name, bytes] : parts) {
        const double per = static_cast<double>(bytes) / rows;
        if (per < 0.1) continue;
        std::snprintf(num, sizeof num, " %.1f", per);
        s += (s.back() == ':' ? " " : ", ") + name + num;
    }
    return s + " bytes/entry\n";
}
} // namespace

std::string format_catalog_bench(const CatalogBenchResult& r) {
    const double rows = static_cast<double>(r.entries + r.changed);
    char line[384];
    std::ostringstream o;
    o << "Tapeloom bench catalog, " << r.machine.date << "\n";
    std::snprintf(line, sizeof line, "  machine : %u CPUs, load %.2f at start\n", r.machine.cpus,
                  r.machine.load_average);
    o << line;
    std::snprintf(line, sizeof line,
                  "  insert  : %llu entries (%llu dirs) in %.2f s = %.0f files/s (%.0f per CPU "
                  "second; CatalogWriter, batches of %llu, the save set's end %.2f s); "
                  "incremental %llu entries in %.3f s\n",
                  static_cast<unsigned long long>(r.entries),
                  static_cast<unsigned long long>(r.dirs), r.insert_seconds,
                  r.insert_seconds > 0 ? r.entries / r.insert_seconds : 0.0,
                  r.insert_cpu_seconds > 0 ? r.entries / r.insert_cpu_seconds : 0.0,
                  static_cast<unsigned long long>(r.batch), r.end_seconds,
                  static_cast<unsigned long long>(r.changed), r.incr_seconds);
    o << line;
    std::snprintf(line, sizeof line,
                  "  size    : %s after checkpoint (%llu-byte pages) = %.1f bytes/entry; files "
                  "before checkpoint %s\n",
                  format_bytes(r.catalog_bytes).c_str(),
                  static_cast<unsigned long long>(r.page_size),
                  rows > 0 ? r.catalog_bytes / rows : 0.0, format_bytes(r.file_bytes).c_str());
    o << line;
    o << layout_line(r.structures, rows);
    o << "  query                             median ms   worst ms  runs     found  expected  "
         "argument\n";
    for (const auto& q : r.queries) {
        std::snprintf(line, sizeof line, "  %-32s %10.2f %10.2f %5zu %9llu %9llu  %s\n",
                      q.what.c_str(), q.time.median * 1e3, q.time.worst * 1e3, q.time.runs,
                      static_cast<unsigned long long>(q.found),
                      static_cast<unsigned long long>(q.expected), q.arg.c_str());
        o << line;
    }
    return o.str();
}

} // namespace tl::bench
