#pragma once
// `tapeloom-cli bench catalog` (issue #8, "Catalog at scale"): the catalog with millions of file
// entries. A scratch catalog (the engine's schema) gets a synthetic tree — `dirs` leaf
// directories of about entries/dirs entries, three levels deep, names of realistic length —
// written as a backup writes it: a full save set through job::CatalogWriter (its thread, one
// transaction per batch = one tape file with its extent), then a small incremental of `changed`
// modified files based on it. Then the queries a restore uses are timed on the newest
// point-in-time view: the view itself (browse_roots), listing directories (list_directory; the
// `files ls` path, paged; the `restore --source` selection of the whole view, select_files), the
// name search (search_names: every match, the first page, one name) and the versions of one path
// (file_versions). Times come from a steady clock; the scratch catalog
// is removed at the end.
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

struct CatalogBenchOptions {
    std::uint64_t entries = 1'000'000; // rows of the full save set (directories included)
    std::uint64_t dirs = 0;            // leaf directories; 0 = entries / 1000 (at least 1)
    std::uint64_t batch = 50'000;      // entries per CatalogWriter batch (one tape file)
    std::uint64_t changed = 1'000;     // files modified by the incremental (capped to the files)
    std::size_t samples = 20;          // random directories listed
    bool files_ls = true;              // also time `files ls` and select_files of the whole view
    std::string scratch = "/dev/shm";
    // A postgresql:// URL: the scratch catalog is made in that (empty) database instead, and its
    // tables dropped at the end (docs/catalog.md "PostgreSQL back end").
    std::string catalog;
    std::uint64_t seed = 1;
    std::atomic<bool>* cancel = nullptr;
};

// Median and worst of repeated timings, in seconds.
struct Timing {
    double median = 0, worst = 0;
    std::size_t runs = 0;
};

struct CatalogQuery {
    std::string what;           // "list directory", "search '*.log'", ...
    std::string arg;            // the directory, pattern or path
    Timing time;                // seconds
    std::uint64_t found = 0;    // rows returned (of the last run)
    std::uint64_t expected = 0; // what the generator put there
};

struct CatalogBenchResult {
    MachineInfo machine;
    std::uint64_t entries = 0; // rows inserted in the full save set
    std::uint64_t dirs = 0;    // rows of `dirs` (leaf and intermediate directories)
    std::uint64_t changed = 0; // rows of the incremental
    std::uint64_t batch = 0;
    // The full save set: CatalogWriter::commit() calls, summed, and its end (finish_saveset,
    // where SQLite builds its name keys), which end_seconds gives apart.
    double insert_seconds = 0;
    double end_seconds = 0;
    double insert_cpu_seconds = 0; // the CPU time of those calls (the load-independent figure)
    double incr_seconds = 0;
    std::uint64_t catalog_bytes = 0; // page_count * page_size after a WAL checkpoint
    std::uint64_t file_bytes = 0;    // catalog.db + -wal + -shm sizes before that checkpoint
    std::uint64_t page_size = 0;
    // Bytes per table and index (catalog::structure_sizes), largest first; empty when this
    // SQLite has no dbstat table.
    std::vector<std::pair<std::string, std::uint64_t>> structures;
    std::vector<CatalogQuery> queries;
};

// The bench's synthetic catalog (the full save set and its incremental, as above) written into a
// new catalog file `path` with the engine's schema and kept there, for a bench that times the
// service on the same data (bench service). `leaf_dir` is a leaf directory of the full save set
// (below its source) holding `leaf_files` files.
struct BenchCatalog {
    std::int64_t full_job = 0;
    std::string leaf_dir;
    std::uint64_t leaf_files = 0;
    std::uint64_t entries = 0;
};
Result<BenchCatalog> write_bench_catalog(const std::string& path, const CatalogBenchOptions& o,
                                         Clock& clock);

// `clock` gives the date and load; every duration is measured with std::chrono::steady_clock.
Result<CatalogBenchResult> run_catalog_bench(const CatalogBenchOptions& o, Clock& clock);
nlohmann::json to_json(const CatalogBenchResult& r);
std::string format_catalog_bench(const CatalogBenchResult& r);

} // namespace tl::bench
