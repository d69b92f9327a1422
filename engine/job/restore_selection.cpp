#include "job/restore_selection.h"

#include "job/no_savesets.h"

#include <algorithm>
#include <unordered_map>

#include <fnmatch.h>

#include "catalog/entry_store.h"
#include "catalog/saveset_store.h"
#include "job/backup_level.h"
#include "job/join_path.h"

namespace tl::job {

namespace {
// `patterns` already relative to the save set's root (relative_to below).
bool matches(const std::string& path, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return true;
    for (const auto& p : patterns) {
        if (p.empty() || p == ".") return true;
        if (fnmatch(p.c_str(), path.c_str(), FNM_PATHNAME) == 0) return true;
        if (path == p || path.rfind(p + "/", 0) == 0) return true; // a directory and below
        if (fnmatch((p + "/*").c_str(), path.c_str(), 0) == 0)
            return true; // a glob directory and below
    }
    return false;
}

std::string parent_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? "" : path.substr(0, slash);
}

// The folder a save set's paths are relative to, as it was on the backed-up machine: the source
// itself for a tree, its parent for a single file (whose one object is named after it), a
// device or a database (the objects restore_job places next to where they were).
// `count` objects, the first of them at path `first`.
std::string root_of(const SelectedSaveset& s, std::size_t count, const std::string& first) {
    std::string src = s.source;
    for (const char* p : {"raw:", "sqlite:"})
        if (src.rfind(p, 0) == 0) src = src.substr(std::char_traits<char>::length(p));
    // A client's tree (client:NAME:PATH) is PATH on that client.
    if (src.rfind("client:", 0) == 0 && src.find(':', 7) != std::string::npos)
        src = src.substr(src.find(':', 7) + 1);
    if (s.kind != "files") return parent_of(src);
    const std::string base = src.substr(src.find_last_of('/') + 1);
    const bool single = count == 1 && first == base;
    return single ? parent_of(src) : src;
}

std::vector<std::string> relative_patterns(const SelectedSaveset& s, std::size_t count,
                                           const std::string& first,
                                           const std::vector<std::string>& patterns) {
    if (patterns.empty()) return patterns;
    const std::string root = root_of(s, count, first);
    std::vector<std::string> out;
    for (const auto& p : patterns)
        out.push_back(relative_to(root, p));
    return out;
}

// In stream order: the offsets sorted with their index, then each entry moved once (sorting
// the entries themselves, a few strings each, moved them about 20 times: heapsort on 200,000).
void sort_by_offset(std::vector<SelectedFile>& v) {
    std::vector<std::pair<std::uint64_t, std::size_t>> keys(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        keys[i] = {v[i].offset, i};
    std::sort(keys.begin(), keys.end());
    std::vector<SelectedFile> sorted;
    sorted.reserve(v.size());
    for (const auto& k : keys)
        sorted.push_back(std::move(v[k.second]));
    v = std::move(sorted);
}

// Every object of a save set in stream order, with where the next object starts.
Result<std::vector<SelectedFile>> load_objects(catalog::Db& db, const SelectedSaveset& s) {
    // The save set's key range of entries (clustered by directory and name), put in stream
    // order below: sorting in memory is cheaper than SQLite's sorter over the joined rows.
    std::vector<SelectedFile> all;
    TL_TRY(catalog::for_each_object(db, s.saveset_id, [&](const catalog::ObjectRow& o) {
        SelectedFile f;
        f.file_id = 0;
        f.path = join_path(o.dir, o.name);
        f.kind = o.kind;
        f.size = o.size;
        f.offset = o.offset;
        f.volume_id = o.volume_id;
        f.file_number = o.file_number;
        f.block = o.block;
        all.push_back(std::move(f));
    }));
    const auto by_offset = [](const SelectedFile& a, const SelectedFile& b) {
        return a.offset < b.offset;
    };
    if (!std::is_sorted(all.begin(), all.end(), by_offset)) sort_by_offset(all);
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i].end = i + 1 < all.size() ? all[i + 1].offset : s.stream_bytes;
        if (all[i].end <= all[i].offset) all[i].end = ~std::uint64_t{0};
    }
    return all;
}

// The paths a diff/incr save set recorded as deleted since its base.
Result<std::vector<std::string>> load_deletions(catalog::Db& db, std::int64_t saveset_id) {
    std::vector<std::string> out;
    TL_TRY(catalog::for_each_deletion(db, saveset_id,
                                      [&](const std::string& dir, const std::string& name) {
                                          out.push_back(join_path(dir, name));
                                      }));
    return out;
}

SelectedSaveset selected(const catalog::SavesetRow& row) {
    SelectedSaveset s;
    s.saveset_id = row.id;
    s.job_id = row.job_id;
    s.source = row.source;
    s.kind = row.kind;
    s.stream_bytes = row.stored;
    s.session_id = row.session_id;
    return s;
}

Result<SelectedSaveset> saveset_info(catalog::Db& db, std::int64_t id) {
    auto row = catalog::find_saveset(db, id);
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound,
                          "save set " + std::to_string(id) + " is no longer in the catalog");
    return selected(*row.value());
}

void pick(SelectedSaveset s, std::vector<SelectedFile>&& files, std::size_t total, Selection& out) {
    if (files.empty()) return;
    const auto by_offset = [](const SelectedFile& a, const SelectedFile& b) {
        return a.offset < b.offset;
    };
    if (!std::is_sorted(files.begin(), files.end(), by_offset))
        std::sort(files.begin(), files.end(), by_offset);
    for (const auto& f : files)
        out.bytes += f.size;
    out.files += files.size();
    s.whole = files.size() == total;
    s.files = std::move(files);
    out.savesets.push_back(std::move(s));
}

// One save set alone: its own objects.
Status select_own(catalog::Db& db, const SelectedSaveset& s, const std::vector<std::string>& paths,
                  Selection& out) {
    auto all = load_objects(db, s);
    if (!all) return all.error();
    const auto wanted =
        relative_patterns(s, all->size(), all->empty() ? std::string() : all->front().path, paths);
    const std::size_t total = all->size();
    if (wanted.empty()) { // everything: the objects move into the selection
        pick(s, std::move(all.value()), total, out);
        return {};
    }
    std::vector<SelectedFile> chosen;
    for (auto& f : all.value())
        if (matches(f.path, wanted)) chosen.push_back(std::move(f));
    pick(s, std::move(chosen), total, out);
    return {};
}

// The tree as of save set `s`: its chain merged, the newest version of each path, deletions
// applied; each chain member then contributes the objects that won.
Status select_chain(catalog::Db& db, const SelectedSaveset& s,
                    const std::vector<std::string>& paths, Selection& out) {
    auto chain = saveset_chain(db, s.saveset_id);
    if (!chain)
        return make_error(chain.error().kind,
                          "cannot rebuild the tree of save set " + std::to_string(s.saveset_id) +
                              ": " + chain.error().message +
                              "; restore --changes-only restores what it holds itself");
    if (chain->size() == 1) return select_own(db, s, paths, out);
    struct Winner {
        std::size_t link;
        SelectedFile file;
    };
    std::unordered_map<std::string, Winner> view;
    std::vector<SelectedSaveset> links;
    std::vector<std::size_t> totals;
    for (const auto id : chain.value()) {
        auto info = id == s.saveset_id ? Result<SelectedSaveset>(s) : saveset_info(db, id);
        if (!info) return info.error();
        auto gone = load_deletions(db, id);
        if (!gone) return gone.error();
        for (const auto& p : gone.value())
            view.erase(p);
        auto all = load_objects(db, info.value());
        if (!all) return all.error();
        for (auto& f : all.value()) {
            std::string key = f.path;
            view.insert_or_assign(std::move(key), Winner{links.size(), std::move(f)});
        }
        totals.push_back(all->size());
        links.push_back(std::move(info.value()));
    }
    const auto wanted = relative_patterns(
        s, view.size(), view.empty() ? std::string() : view.begin()->first, paths);
    std::vector<std::vector<SelectedFile>> chosen(links.size());
    for (auto& [path, w] : view)
        if (matches(path, wanted)) chosen[w.link].push_back(std::move(w.file));
    for (std::size_t i = 0; i < links.size(); ++i)
        pick(std::move(links[i]), std::move(chosen[i]), totals[i], out);
    return {};
}
} // namespace

std::string relative_to(const std::string& root, std::string path) {
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    std::string r = root;
    while (!r.empty() && r.back() == '/')
        r.pop_back();
    if (!r.empty() && r.front() == '/' && !path.empty() && path.front() == '/') {
        if (path == r) return "";
        if (path.rfind(r + "/", 0) == 0) return path.substr(r.size() + 1);
    }
    while (!path.empty() && path.front() == '/')
        path.erase(path.begin());
    return path;
}

Result<Selection> select_files(catalog::Db& db, const SelectionRequest& r) {
    if (!r.saveset_id && !r.job_id && r.source.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "choose what to restore: --job ID, or --source S [--at TIME]");
    catalog::SavesetPick p;
    p.saveset_id = r.saveset_id;
    p.job_id = r.saveset_id ? 0 : r.job_id;
    p.source = r.source;
    p.at = r.at;
    p.originals_only = true;
    auto rows = catalog::backup_savesets(db, p);
    if (!rows) return rows.error();
    Selection out;
    std::vector<SelectedSaveset> targets;
    for (const auto& row : rows.value())
        targets.push_back(selected(row));
    if (targets.empty()) {
        if (r.saveset_id)
            return no_saveset(db, r.saveset_id,
                              "save set " + std::to_string(r.saveset_id) + " does not exist");
        if (r.job_id) return no_savesets(db, r.job_id, "save sets");
        return make_error(ErrorKind::NotFound,
                          "no backup of source '" + r.source + "' at or before that time");
    }
    for (const auto& s : targets)
        TL_TRY(r.changes_only ? select_own(db, s, r.paths, out)
                              : select_chain(db, s, r.paths, out));
    if (out.files == 0 && !r.paths.empty()) {
        std::string given;
        for (const auto& p : r.paths)
            given += (given.empty() ? "'" : ", '") + p + "'";
        return make_error(ErrorKind::NotFound,
                          "no backed-up file matches --path " + given +
                              "; give a path as tapeloom-cli files ls shows it (absolute, or "
                              "relative to the source)");
    }
    if (out.files == 0) return make_error(ErrorKind::NotFound, "the backup holds no files");
    return out;
}

} // namespace tl::job
