#include <atomic>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <iomanip>

#include "api/job_ops.h"
#include "commands/commands.h"
#include "commands/file_list_text.h"
#include "commands/job_json.h"
#include "commands/typed_door_runs.h"
#include "common/path_json.h"
#include "common/units.h"
#include "exit_codes.h"
#include "job/catalog_browser.h"
#include "job/restore_job.h"
#include "job/restore_selection.h"
#include "number_option.h"
#include "shapes/file_version_json.h"
#include "shapes/maintenance_json.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_restore_cancel{false}; // SIGINT/SIGTERM stop the restore cleanly

// Runs `work` with a cancel flag that SIGINT and SIGTERM set while it runs.
template <class Work> auto run_cancellable(Work work) {
    g_restore_cancel = false;
    std::signal(SIGINT, [](int) { g_restore_cancel = true; });
    std::signal(SIGTERM, [](int) { g_restore_cancel = true; });
    auto r = work(&g_restore_cancel);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return r;
}

// "1700000000", "2026-11-30", "2026-11-30 14:05", "2026-11-30T14:05:09" (local time).
Result<long long> parse_time(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos)
        return std::atoll(s.c_str());
    for (const char* fmt : {"%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M",
                            "%Y-%m-%d %H:%M", "%Y-%m-%d"}) {
        std::tm tm{};
        const char* end = strptime(s.c_str(), fmt, &tm);
        if (end && *end == '\0') {
            tm.tm_isdst = -1;
            if (std::string(fmt) == "%Y-%m-%d") {
                tm.tm_hour = 23;
                tm.tm_min = 59;
                tm.tm_sec = 59; // a date means "as of the end of that day"
            }
            return static_cast<long long>(std::mktime(&tm));
        }
    }
    return make_error(
        ErrorKind::InvalidArgument,
        "--at '" + s + "' is not a time; use e.g. 2026-11-30, '2026-11-30 14:05' or unix seconds");
}

} // namespace

Result<job::RestoreOptions> restore_options(const Args& a) {
    job::RestoreOptions o;
    auto req = selection_from(a);
    if (!req) return req.error();
    o.what = req.value();
    for (const auto& w : a.words())
        o.what.paths.push_back(w);
    // An empty target would mean "over the original files": that takes an explicit --to /.
    if (!a.has("dry-run") && (!a.has("to") || a.get("to").empty()))
        return make_error(
            ErrorKind::InvalidArgument,
            std::string(a.has("to") ? "--to is empty" : "restore needs --to DIR") +
                ": files go to DIR/original/path; to restore in place over the original files, "
                "say --to /");
    o.to = a.get("to");
    if (o.to == "/") o.to.clear(); // the engine's "original location"
    o.library = a.get("library");
    o.wait_for_media = a.has("wait-for-media");
    auto pol = job::parse_existing_policy(a.get("existing", "skip"), "--existing");
    if (!pol) return pol.error();
    o.existing = pol.value();
    auto drives = count_option(a, "drives", 1, 1024, 0);
    if (!drives) return drives.error();
    o.drives = static_cast<std::size_t>(drives.value());
    auto sync = job::parse_sync_mode(a.get("sync", "end"), "--sync");
    if (!sync) return sync.error();
    o.sync = sync.value();
    auto order = job::read_order_from(a.get("read-order", "position"));
    if (!order) return order.error();
    o.order = order.value();
    return o;
}

int print_restore_plan(Context& ctx, const job::RestorePlan& p) {
    if (ctx.json()) {
        ctx.print_json(shapes::restore_plan_json(p));
    } else {
        auto& out = ctx.out();
        out << "Restore plan: " << p.files << " files, " << format_bytes(p.bytes_wanted)
            << " wanted\n"
            << "  to read       : " << format_bytes(p.bytes_to_read)
            << " (whole blocks, other streams included)\n";
        char line[160];
        std::snprintf(line, sizeof line, "  estimated     : %.1f s at %s (%s)\n",
                      p.estimated_seconds, format_rate(p.rate).c_str(),
                      p.rate_measured ? "the recent backups' rate" : "an assumed rate");
        out << line << "  volumes needed:\n";
        for (const auto& v : p.volumes) {
            out << "    " << v.barcode << "  " << v.location << "  (" << v.blocks << " blocks";
            if (!p.drive_model.empty()) {
                std::snprintf(line, sizeof line, "; %llu pass(es), %llu locates, %.1f s",
                              static_cast<unsigned long long>(v.passes),
                              static_cast<unsigned long long>(v.locates), v.model_seconds);
                out << line;
            }
            out << ")\n";
        }
        if (!p.drive_model.empty()) {
            std::snprintf(line, sizeof line,
                          "  drive model   : %s, %.1f s of drive time (load, locates, reading at "
                          "the type's rate, unloads)\n",
                          p.drive_model.c_str(), p.model_seconds);
            out << line;
        }
    }
    return p.missing.empty() ? 0 : kMediaMissing;
}

void print_restore_result(Context& ctx, const job::RestoreResult& res) {
    if (ctx.json()) {
        auto j = job::to_json(res.report);
        j["restored"] = res.restored;
        j["skipped"] = res.skipped;
        j["failed"] = res.failed;
        j["blocks_read"] = res.read.blocks_read;
        j["bytes_read"] = res.read.bytes_read;
        j["stream_bytes_read"] = res.read.stream_bytes;
        j["seeks"] = res.read.seeks;
        j["problems"] = nlohmann::json::array();
        for (const auto& p : res.problems)
            j["problems"].push_back({{"path", p.path}, {"status", p.status}, {"why", p.why}});
        j["bad_blocks"] = bad_blocks_json(res.bad_blocks);
        ctx.print_json(j);
        return;
    }
    auto& out = ctx.out();
    out << job::format_report(res.report);
    out << "  restored " << res.restored << ", skipped " << res.skipped << ", failed " << res.failed
        << "; read " << res.read.blocks_read << " blocks (" << format_bytes(res.read.bytes_read)
        << ") with " << res.read.seeks << " positioning(s)\n";
    std::size_t shown = 0;
    for (const auto& p : res.problems) {
        if (++shown > 30) {
            out << "  ... " << res.problems.size() - 30 << " more (see --json)\n";
            break;
        }
        out << "  " << p.status << ": " << p.path << " (" << p.why << ")\n";
    }
}

namespace {

int restore(Context& ctx) {
    auto o = restore_options(ctx.args());
    if (!o) return ctx.fail(o.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    if (ctx.args().has("dry-run")) {
        auto plan = job::plan_restore(*engine.value(), o.value());
        if (!plan) return ctx.fail(plan.error());
        return print_restore_plan(ctx, plan.value());
    }
    auto client = restore_client(ctx, *engine.value());
    if (!client) return ctx.fail(client.error());
    auto r = run_cancellable([&](std::atomic<bool>* cancel) {
        if (client.value()) return restore_to_client(ctx, *engine.value(), *client.value(), cancel);
        return job::run_restore(*engine.value(), o.value(), cancel);
    });
    if (!r) return ctx.fail(r.error());
    print_restore_result(ctx, r.value());
    return exit_code_for_job_status(r.value().report.status);
}

// One entry of `files ls` / `files find` as their --json rows.
template <class Entry> nlohmann::json entry_json(const Entry& e, const job::BrowseRoot& root) {
    return {{"name", path_json(e.name)}, {"path", path_json(e.path)},
            {"dir", e.kind == 1},        {"size", e.size},
            {"job", e.job_id},           {"source", path_json(root.source)}};
}

// The view(s) `files ls` lists: the job's file-tree save sets, one save set, or the newest
// backup of a source at a time; with --changes-only each save set alone (no chain).
Result<std::vector<job::BrowseRoot>> ls_roots(const CatalogHandle& db,
                                              const job::SelectionRequest& r) {
    std::vector<job::BrowseRoot> roots;
    if (r.saveset_id) {
        auto one = job::browse_saveset(db, r.saveset_id);
        if (!one) return one.error();
        roots.push_back(std::move(one.value()));
    } else {
        auto all = job::browse_roots(db, r.job_id, r.source, r.at);
        if (!all) return all.error();
        roots = std::move(all.value());
    }
    if (r.changes_only)
        for (auto& root : roots)
            root.chain = {root.saveset_id};
    return roots;
}

int files_ls(Context& ctx) {
    auto req = selection_from(ctx.args());
    if (!req) return ctx.fail(req.error());
    const std::string asked = ctx.args().words().empty() ? "" : ctx.args().words().front();
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    CatalogHandle db(*engine.value());
    auto roots = ls_roots(db, req.value());
    if (!roots) return ctx.fail(roots.error());
    // One directory of each view, read in pages by name: the cost is that directory's, not the
    // whole backup's (job/catalog_browser.h).
    constexpr std::size_t kPage = 1000;
    nlohmann::json arr = nlohmann::json::array();
    bool found = asked.empty();
    for (const auto& root : roots.value()) {
        // DIR as backed up (absolute, starting with the source) or relative to the source.
        const std::string dir = job::relative_to(root.source, asked);
        if (!found) {
            auto is_dir = job::is_directory(db, root, dir);
            if (!is_dir) return ctx.fail(is_dir.error());
            found = is_dir.value();
        }
        std::string after;
        for (;;) {
            auto page = job::list_directory(db, root, dir, after, kPage);
            if (!page) return ctx.fail(page.error());
            for (const auto& e : page.value())
                arr.push_back(entry_json(e, root));
            if (page->size() < kPage) break;
            after = page->back().name;
        }
    }
    if (!found)
        return ctx.fail(make_error(ErrorKind::NotFound,
                                   "no directory " + asked +
                                       " in this backup; files ls without DIR lists its top"));
    print_file_list(ctx, arr);
    return 0;
}

// A path of a backup as the user named it: the source, then the path below it.
std::string absolute(const std::string& source, const std::string& path) {
    return !source.empty() && source.back() == '/' ? source + path : source + "/" + path;
}

// Entries of the view(s) whose name matches PATTERN (a glob with * ? [...], else a substring),
// by path; at most --limit per view (the console's search asks for the same first page).
int files_find(Context& ctx) {
    auto search = file_search_of(ctx.args());
    if (!search) return ctx.fail(search.error());
    const std::string pattern = search->pattern;
    auto req = selection_from(ctx.args());
    if (!req) return ctx.fail(req.error());
    auto limit = search->limit;
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    CatalogHandle db(*engine.value());
    auto roots = ls_roots(db, req.value());
    if (!roots) return ctx.fail(roots.error());
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& root : roots.value()) {
        auto hits = job::search_names(db, root, pattern, static_cast<std::size_t>(limit));
        if (!hits) return ctx.fail(hits.error());
        for (const auto& e : hits.value())
            arr.push_back(entry_json(e, root));
    }
    print_found_files(ctx, arr);
    return 0;
}

int files_versions(Context& ctx) {
    auto path = versions_path(ctx.args());
    if (!path) return ctx.fail(path.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    // Stored versions and deletion markers (docs/levels.md), oldest first.
    auto versions = job::file_versions(*engine.value(), path.value());
    if (!versions) return ctx.fail(versions.error());
    return print_file_versions(ctx, path.value(), versions.value());
}
} // namespace

Result<client::FileSearch> file_search_of(const Args& a) {
    if (a.words().empty() || a.words().front().empty())
        return make_error(ErrorKind::InvalidArgument,
                          "files find needs a PATTERN: a name glob such as '*.log' (quoted) or a "
                          "part of a name");
    client::FileSearch s;
    s.pattern = a.words().front();
    auto req = selection_from(a);
    if (!req) return req.error();
    auto limit = count_option(a, "limit", 1, 100'000'000, 1000);
    if (!limit) return limit.error();
    s.job = req->job_id;
    s.saveset = req->saveset_id;
    s.source = req->source;
    s.at = req->at;
    s.changes_only = req->changes_only;
    s.limit = limit.value();
    return s;
}

void print_found_files(Context& ctx, const nlohmann::json& entries) {
    if (ctx.json()) return ctx.print_json(entries);
    for (const auto& e : entries)
        ctx.out() << std::setw(14) << std::right
                  << (e["dir"].get<bool>() ? std::string("<dir>")
                                           : std::to_string(e["size"].get<std::uint64_t>()))
                  << "  " << absolute(e["source"].get<std::string>(), e["path"].get<std::string>())
                  << (e["dir"].get<bool>() ? "/" : "") << "\n";
}

Result<std::string> versions_path(const Args& a) {
    if (a.words().empty())
        return make_error(ErrorKind::InvalidArgument,
                          "files versions needs a PATH (as it was backed up)");
    const std::string path = a.words().front();
    if (path.front() == '/') return path;
    return (std::filesystem::current_path() / path).lexically_normal().string();
}

int print_file_versions(Context& ctx, const std::string& path,
                        const std::vector<job::FileVersion>& versions) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& v : versions)
        arr.push_back(shapes::file_version_json(v));
    if (arr.empty()) return ctx.fail(make_error(ErrorKind::NotFound, "no backup holds " + path));
    if (ctx.json()) {
        ctx.print_json(arr);
        return 0;
    }
    for (const auto& v : arr) {
        ctx.out() << "job " << v["job"].get<long long>() << " (" << v["level"].get<std::string>()
                  << ")  ";
        if (v["deleted"].get<bool>())
            ctx.out() << "deleted\n";
        else
            ctx.out() << v["size"].get<long long>() << " bytes  hash "
                      << v["hash"].get<std::string>() << "\n";
    }
    return 0;
}

Result<job::SelectionRequest> selection_from(const Args& a) {

    job::SelectionRequest r;
    if (a.has("job") + a.has("saveset") + a.has("source") > 1)
        return make_error(ErrorKind::InvalidArgument,
                          "--job, --saveset and --source each choose a backup; give one");
    for (auto [name, id] : {std::pair{"job", &r.job_id}, std::pair{"saveset", &r.saveset_id}}) {
        if (!a.has(name)) continue;
        auto v = parse_id(std::string("--") + name, a.get(name));
        if (!v) return v.error();
        *id = v.value();
    }
    r.source = a.get("source");
    while (r.source.size() > 1 && r.source.back() == '/')
        r.source.pop_back();
    if (a.has("at")) {
        auto t = parse_time(a.get("at"));
        if (!t) return t.error();
        r.at = t.value();
    }
    r.paths = a.all("path");
    r.changes_only = a.has("changes-only");
    if (!r.job_id && !r.saveset_id && r.source.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "choose a backup: --job ID, --saveset ID or --source S [--at TIME]");
    return r;
}

// The bytes of an entry's path field (a string, or {"hex"} for one that is no UTF-8).
std::string path_text(const nlohmann::json& entry, const char* key) {
    if (!entry.contains(key)) return {};
    auto p = path_from_json(entry[key]);
    return p ? p.value() : std::string();
}

void print_file_list(Context& ctx, const nlohmann::json& entries) {
    if (ctx.json()) {
        ctx.print_json(entries);
        return;
    }
    FileListText text(ctx.out());
    for (const auto& e : entries)
        text.add(path_text(e, "source"), path_text(e, "name"), e["dir"].get<bool>(),
                 e["size"].get<std::uint64_t>());
    text.finish();
}

void add_restore_commands(Registry& r) {
    const std::set<std::string> sel = {"job", "saveset", "source", "at", "path"};
    auto opts = sel;
    opts.insert({"to", "existing", "library", "drives", "sync", "client", "read-order"});
    r.push_back(
        {{"restore"},
         "(--job ID | --saveset ID | --source S [--at TIME]) [--changes-only] [--path GLOB|DIR "
         "...] --to DIR|/ [--existing skip|overwrite|keep-newer|rename] [--dry-run] "
         "[--wait-for-media] [--drives N] [--library NAME] [--sync end|file|none] [--client NAME] "
         "[--read-order position|catalog]",
         "restore files by positioned reads, in position order on each volume (a diff/incr: "
         "the whole tree as of that backup) under DIR (--to / for in place); never writes "
         "outside the target; --read-order catalog: save set by save set, for benchmarks",
         opts,
         {"dry-run", "wait-for-media", "changes-only"},
         restore});
    reads_only(r, [](const Args& a) { return a.has("dry-run"); });
    // The files commands choose a backup as restore does, without its --path.
    auto ls_options = sel;
    ls_options.erase("path");
    ls_options.insert("page-size");
    r.push_back({{"files", "ls"},
                 "(--job ID | --source S [--at TIME]) [--changes-only] [--page-size N] [DIR]",
                 "list a directory of a backup (the tree as of that backup; the newest at TIME "
                 "for --source; --page-size: entries per call to the service, default 1000)",
                 ls_options,
                 {"changes-only"},
                 files_ls});
    reads_only(r);
    auto find_opts = sel;
    find_opts.erase("path");
    find_opts.insert("limit");
    r.push_back({{"files", "find"},
                 "PATTERN (--job ID | --source S [--at TIME]) [--changes-only] [--limit N]",
                 "entries of a backup whose name matches PATTERN ('*.log', or a part of a name), "
                 "by path, at most N (1000) per source",
                 find_opts,
                 {"changes-only"},
                 files_find});
    reads_only(r);
    r.push_back({{"files", "versions"},
                 "PATH",
                 "every backed-up version of a file",
                 {},
                 {},
                 files_versions});
    reads_only(r);
}

} // namespace tl::cli
