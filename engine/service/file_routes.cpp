// GET /v1/files: one directory of a backup in pages (docs/api.md "Lists and queries"): the
// tree as of a job, a save set or the newest backup of a source at a time, as `files ls`
// lists it, `limit` entries a page by name, from the cursor `after` (the `next` of the page
// before; `null` on the last page). A 100,000-entry directory costs a page at a time, never
// the whole directory. `compact=1` (what the CLI asks for) says once a view what repeats in
// its entries, and gives each entry as an array. GET /v1/files/find: the entries whose name
// matches a pattern, as `files find` finds them.
#include <cstdlib>
#include <optional>

#include "common/path_json.h"
#include "job/catalog_browser.h"
#include "job/restore_selection.h"
#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/server_timing.h"
#include "shapes/file_page_text.h"

#include "service/query_params.h"

namespace tl::service {

namespace {
constexpr std::int64_t kDefaultFilePage = 1000, kMaxFilePage = 10000, kMaxFound = 100'000'000;

// Where a page starts: the view's index and the last name of the page before ("" = its start).
struct Cursor {
    std::size_t root = 0;
    std::string after;
};

// `next` of a page that ends at view `root`, name `name`: "R:NAME", or "Rx:HEX" when the name
// is no UTF-8 (a JSON string holds UTF-8 only).
std::string cursor_text(std::size_t root, const std::string& name) {
    const auto j = path_json(name);
    if (j.is_string()) return std::to_string(root) + ":" + name;
    return std::to_string(root) + "x:" + j["hex"].get<std::string>();
}

// "R:NAME" or "Rx:HEX" as `next` gives it.
Result<Cursor> cursor_param(const httplib::Request& req) {
    if (!req.has_param("after")) return Cursor{};
    const std::string v = req.get_param_value("after");
    const auto colon = v.find(':');
    char* end = nullptr;
    const unsigned long root = std::strtoul(v.c_str(), &end, 10);
    const bool hex = end != nullptr && *end == 'x';
    const auto bad = make_error(ErrorKind::InvalidArgument,
                                "?after= takes the \"next\" of the page before, not '" + v + "'");
    if (colon == std::string::npos || end != v.c_str() + colon - (hex ? 1 : 0) || end == v.c_str())
        return bad;
    if (!hex) return Cursor{root, v.substr(colon + 1)};
    auto name = path_from_json(nlohmann::json{{"hex", v.substr(colon + 1)}});
    if (!name) return bad;
    return Cursor{root, name.value()};
}

// The views the request names, as `files ls` chooses them.
Result<std::vector<job::BrowseRoot>> roots_of(catalog::Db& db, const httplib::Request& req) {
    auto job_id = count_param(req, "job", 0);
    if (!job_id) return job_id.error();
    auto saveset = count_param(req, "saveset", 0);
    if (!saveset) return saveset.error();
    auto at = count_param(req, "at", 0);
    if (!at) return at.error();
    const std::string source = req.get_param_value("source");
    if (!job_id.value() && !saveset.value() && source.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "GET /v1/files needs ?job=ID, ?saveset=ID or ?source=S[&at=TIME]");
    std::vector<job::BrowseRoot> roots;
    if (saveset.value()) {
        auto one = job::browse_saveset(db, saveset.value());
        if (!one) return one.error();
        roots.push_back(std::move(one.value()));
    } else {
        auto all = job::browse_roots(db, job_id.value(), source, at.value());
        if (!all) return all.error();
        roots = std::move(all.value());
    }
    if (req.get_param_value("changes_only") == "1")
        for (auto& root : roots)
            root.chain = {root.saveset_id};
    return roots;
}

Status check_directory(catalog::Db& db, const std::vector<job::BrowseRoot>& roots,
                       const std::string& dir) {
    if (dir.empty()) return {};
    for (const auto& root : roots) {
        auto is_dir = job::is_directory(db, root, job::relative_to(root.source, dir));
        if (!is_dir) return is_dir.error();
        if (is_dir.value()) return {};
    }
    return make_error(ErrorKind::NotFound, "no directory " + dir +
                                               " in this backup; files ls without DIR lists its "
                                               "top");
}

// One view's part of a page: its entries from `after`, at most `left`, and whether more of
// the view follows (one row more is read to know, so the last page says so: no empty page).
struct Part {
    std::vector<job::BrowseEntry> entries;
    bool more = false;
};

Result<Part> part_of(catalog::Db& db, const job::BrowseRoot& root, const std::string& dir,
                     const std::string& after, std::size_t left) {
    auto rows = job::list_directory(db, root, dir, after, left + 1);
    if (!rows) return rows.error();
    Part p{std::move(rows.value()), false};
    if (p.entries.size() > left) {
        p.more = true;
        p.entries.pop_back();
    }
    return p;
}

// The page as JSON text (shapes/file_page_text.h).
Result<std::string> files_page(catalog::Db& db, const httplib::Request& req) {
    auto limit = count_param(req, "limit", kDefaultFilePage);
    if (!limit) return limit.error();
    if (limit.value() == 0 || limit.value() > kMaxFilePage)
        return make_error(ErrorKind::InvalidArgument,
                          "?limit= takes 1.." + std::to_string(kMaxFilePage) +
                              " entries a page, not " + std::to_string(limit.value()));
    auto cursor = cursor_param(req);
    if (!cursor) return cursor.error();
    auto roots = roots_of(db, req);
    if (!roots) return roots.error();
    const std::string dir = req.get_param_value("dir");
    if (!req.has_param("after")) TL_TRY(check_directory(db, roots.value(), dir));
    shapes::FilePageText body(req.get_param_value("compact") == "1");
    std::optional<std::string> next;
    auto left = static_cast<std::size_t>(limit.value());
    std::string after = cursor->after;
    for (std::size_t r = cursor->root; r < roots->size() && left > 0; ++r, after.clear()) {
        const auto& root = roots.value()[r];
        const std::string relative = job::relative_to(root.source, dir);
        auto part = part_of(db, root, relative, after, left);
        if (!part) return part.error();
        body.add(root.source, relative, part->entries);
        left -= part->entries.size();
        if (left == 0 && (part->more || r + 1 < roots->size()))
            next = cursor_text(r, part->entries.back().name);
    }
    return body.done(next);
}
// GET /v1/files/find: the entries of the view(s) whose name matches `pattern` (a glob with *
// ? [...], else a part of a name), by path, at most `limit` (1000) a view, as `files find`.
Result<nlohmann::json> found_files(catalog::Db& db, const httplib::Request& req) {
    const std::string pattern = req.get_param_value("pattern");
    if (pattern.empty())
        return invalid_request("GET /v1/files/find",
                               "needs ?pattern=: a name glob such as *.log or a part of a name");
    auto limit = count_param(req, "limit", kDefaultFilePage);
    if (!limit) return limit.error();
    if (limit.value() == 0 || limit.value() > kMaxFound)
        return invalid_request("GET /v1/files/find",
                               "?limit= takes 1.." + std::to_string(kMaxFound) + " a view");
    auto roots = roots_of(db, req);
    if (!roots) return roots.error();
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& root : roots.value()) {
        auto hits = job::search_names(db, root, pattern, static_cast<std::size_t>(limit.value()));
        if (!hits) return hits.error();
        for (const auto& e : hits.value())
            entries.push_back({{"name", path_json(e.name)},
                               {"path", path_json(e.path)},
                               {"dir", e.kind == 1},
                               {"size", e.size},
                               {"job", e.job_id},
                               {"source", path_json(root.source)}});
    }
    return nlohmann::json{{"entries", std::move(entries)}};
}
} // namespace

void add_file_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/files", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const HandlingTimer timer;
        answer_text_from_catalog(ctx, res, [&](catalog::Db& db) { return files_page(db, req); });
        timer.stamp(res);
    });
    server.Get("/v1/files/find", [&ctx](const httplib::Request& req, httplib::Response& res) {
        answer_from_catalog(ctx, res, [&](catalog::Db& db) { return found_files(db, req); });
    });
}

} // namespace tl::service
