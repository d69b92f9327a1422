#include "job/catalog_browser.h"

#include "job/no_savesets.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "catalog/entry_store.h"
#include "catalog/saveset_store.h"
#include "job/backup_level.h"
#include "job/join_path.h"

namespace tl::job {

namespace {
// A point-in-time root per save set row, each with its chain.
Result<std::vector<BrowseRoot>> roots_of(catalog::Db& db,
                                         const std::vector<catalog::SavesetRow>& rows) {
    std::vector<BrowseRoot> roots;
    for (const auto& row : rows) {
        BrowseRoot r;
        r.saveset_id = row.id;
        r.job_id = row.job_id;
        r.source = row.source;
        auto chain = saveset_chain(db, r.saveset_id);
        if (!chain) return chain.error();
        r.chain = std::move(chain.value());
        roots.push_back(std::move(r));
    }
    return roots;
}

bool is_glob(const std::string& p) {
    return p.find_first_of("*?[") != std::string::npos;
}

std::string like_escaped(const std::string& p) {
    std::string s = "%";
    for (char c : p) {
        if (c == '%' || c == '_' || c == '\\') s += '\\';
        s += c;
    }
    return s + "%";
}
} // namespace

Result<std::vector<BrowseRoot>> browse_roots(catalog::Db& db, std::int64_t job_id,
                                             const std::string& source, long long at) {
    if (!job_id && source.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "choose what to browse: a job, or a source and a time");
    catalog::SavesetPick pick;
    pick.job_id = job_id;
    pick.source = source;
    pick.at = at;
    pick.files_only = true;
    auto rows = catalog::backup_savesets(db, pick);
    if (!rows) return rows.error();
    if (rows->empty())
        return job_id ? no_savesets(db, job_id, "file-tree save sets")
                      : make_error(ErrorKind::NotFound,
                                   "no backup of source '" + source + "' at or before that time");
    return roots_of(db, rows.value());
}

Result<BrowseRoot> browse_saveset(catalog::Db& db, std::int64_t saveset_id) {
    catalog::SavesetPick pick;
    pick.saveset_id = saveset_id;
    pick.files_only = true;
    auto rows = catalog::backup_savesets(db, pick);
    if (!rows) return rows.error();
    if (rows->empty())
        return no_saveset(db, saveset_id,
                          "save set " + std::to_string(saveset_id) +
                              " is not a file-tree save set of a backup");
    auto roots = roots_of(db, rows.value());
    if (!roots) return roots.error();
    return std::move(roots->front());
}

Result<std::vector<BrowseEntry>> list_directory(catalog::Db& db, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit) {
    auto rows = catalog::view_directory(db, root.chain, root.job_id, dir, after, limit);
    if (!rows) return rows.error();
    std::vector<BrowseEntry> out;
    out.reserve(rows->size());
    for (auto& r : rows.value()) {
        BrowseEntry e;
        e.path = join_path(dir, r.name);
        e.name = std::move(r.name);
        e.kind = r.kind;
        e.size = r.size;
        e.mtime_ns = r.mtime_ns;
        e.job_id = r.job_id;
        out.push_back(std::move(e));
    }
    return out;
}

Result<bool> is_directory(catalog::Db& db, const BrowseRoot& root, const std::string& dir) {
    if (dir.empty()) return true;
    const auto slash = dir.find_last_of('/');
    const std::string parent = slash == std::string::npos ? "" : dir.substr(0, slash);
    const std::string name = slash == std::string::npos ? dir : dir.substr(slash + 1);
    constexpr std::size_t kPage = 1000;
    std::string after;
    for (;;) { // pages in name order, up to the name
        auto page = list_directory(db, root, parent, after, kPage);
        if (!page) return page.error();
        for (const auto& e : page.value())
            if (e.name >= name) return e.name == name && e.kind == 1;
        if (page->size() < kPage) return false;
        after = page->back().name;
    }
}

namespace {
// A candidate of the name search: an entry or deletion marker of a chain link.
struct Cand {
    std::int64_t dir;
    std::uint32_t name; // rank of the name in sorted order
    std::uint32_t ord;  // chain link, 0 = the full
    bool del;
};

// Every entry and deletion marker of the chain with a matching name: per chain link, the
// entries of all matching names in a few set-based statements (NameSearch's chunks).
Result<std::vector<Cand>> candidates(catalog::NameSearch& q, const BrowseRoot& root,
                                     const std::vector<catalog::NameRow>& names) {
    std::unordered_map<std::string, std::uint32_t> rank_of_name;
    std::unordered_map<std::int64_t, std::uint32_t> rank_of_id;
    std::vector<std::int64_t> ids;
    ids.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        rank_of_name.emplace(names[i].name, static_cast<std::uint32_t>(i));
        rank_of_id.emplace(names[i].id, static_cast<std::uint32_t>(i));
        ids.push_back(names[i].id);
    }
    std::vector<Cand> cands;
    for (std::uint32_t ord = 0; ord < root.chain.size(); ++ord) {
        TL_TRY(q.dirs_with_names(root.chain[ord], ids, [&](std::int64_t name, std::int64_t dir) {
            cands.push_back({dir, rank_of_id.at(name), ord, false});
        }));
        TL_TRY(q.deletions(root.chain[ord], [&](std::int64_t dir, const std::string& name) {
            if (auto it = rank_of_name.find(name); it != rank_of_name.end())
                cands.push_back({dir, it->second, ord, true});
        }));
    }
    return cands;
}

// Per path the newest link wins; in one link its object wins over its deletion marker. `c`
// gives an element's candidate.
template <class T, class CandOf> std::vector<T> newest_per_path(std::vector<T> xs, CandOf c) {
    std::sort(xs.begin(), xs.end(), [&](const T& a, const T& b) {
        const Cand &x = c(a), &y = c(b);
        if (x.dir != y.dir) return x.dir < y.dir;
        if (x.name != y.name) return x.name < y.name;
        if (x.ord != y.ord) return x.ord > y.ord;
        return x.del < y.del;
    });
    std::vector<T> wins;
    for (std::size_t i = 0; i < xs.size(); ++i)
        if ((i == 0 || c(xs[i]).dir != c(xs[i - 1]).dir || c(xs[i]).name != c(xs[i - 1]).name) &&
            !c(xs[i]).del)
            wins.push_back(xs[i]);
    return wins;
}

std::vector<Cand> winners(std::vector<Cand> cands) {
    return newest_per_path(std::move(cands), [](const Cand& c) -> const Cand& { return c; });
}

// The job of each link of the chain.
Result<std::vector<std::int64_t>> chain_jobs(catalog::NameSearch& q, const BrowseRoot& root) {
    std::vector<std::int64_t> jobs;
    for (const auto sid : root.chain) {
        auto job = q.saveset_job(sid);
        if (!job) return job.error();
        jobs.push_back(job.value());
    }
    return jobs;
}

// The directories of the winners (sorted by id), their paths, ranked in path order.
struct DirRanks {
    std::vector<std::pair<std::string, std::int64_t>> paths; // by path
    std::unordered_map<std::int64_t, std::uint32_t> rank;
};
Result<DirRanks> rank_dirs(catalog::NameSearch& q, const std::vector<Cand>& wins) {
    std::vector<std::int64_t> ids;
    for (const auto& w : wins) // wins sorted by dir
        if (ids.empty() || ids.back() != w.dir) ids.push_back(w.dir);
    DirRanks d;
    d.paths.reserve(ids.size());
    std::unordered_set<std::int64_t> known;
    TL_TRY(q.dir_paths(ids, [&](std::int64_t id, std::string path) {
        d.paths.emplace_back(std::move(path), id);
        known.insert(id);
    }));
    for (const auto id : ids) // an id unknown to dirs lists under ""
        if (!known.count(id)) d.paths.emplace_back(std::string(), id);
    std::sort(d.paths.begin(), d.paths.end());
    for (std::size_t i = 0; i < d.paths.size(); ++i)
        d.rank.emplace(d.paths[i].second, static_cast<std::uint32_t>(i));
    return d;
}

struct KeyHash {
    std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& k) const {
        return std::hash<std::uint64_t>()(static_cast<std::uint64_t>(k.first) * 1000003u ^
                                          static_cast<std::uint64_t>(k.second));
    }
};

// Kind, size and mtime of each winner (in its chain link), by the winner's position; nullopt
// for one pruned meanwhile.
using WinnerAttrs = std::vector<std::optional<catalog::NameSearch::Attrs>>;
Result<WinnerAttrs> winner_attrs(catalog::NameSearch& q, const BrowseRoot& root,
                                 const std::vector<catalog::NameRow>& names,
                                 const std::vector<Cand>& wins) {
    WinnerAttrs out(wins.size());
    for (std::uint32_t ord = 0; ord < root.chain.size(); ++ord) {
        std::vector<catalog::NameSearch::Key> keys;
        std::unordered_map<std::pair<std::int64_t, std::int64_t>, std::size_t, KeyHash>
            at; // (dir, name id) -> position
        for (std::size_t i = 0; i < wins.size(); ++i) {
            if (wins[i].ord != ord) continue;
            const auto name_id = names[wins[i].name].id;
            keys.push_back({wins[i].dir, name_id});
            at.emplace(std::make_pair(wins[i].dir, name_id), i);
        }
        if (keys.empty()) continue;
        TL_TRY(q.attrs(root.chain[ord], keys,
                       [&](const catalog::NameSearch::Key& k, const catalog::NameSearch::Attrs& a) {
                           if (auto it = at.find({k.dir_id, k.name_id}); it != at.end())
                               out[it->second] = a;
                       }));
    }
    return out;
}

// The first `limit` winners in path order, read with their attributes.
Result<std::vector<BrowseEntry>> read_winners(catalog::NameSearch& q, const BrowseRoot& root,
                                              const std::vector<catalog::NameRow>& names,
                                              std::vector<Cand> wins, std::size_t limit) {
    auto dirs = rank_dirs(q, wins);
    if (!dirs) return dirs.error();
    auto& rank = dirs->rank;
    const std::size_t n = std::min(limit, wins.size());
    std::partial_sort(wins.begin(), wins.begin() + static_cast<std::ptrdiff_t>(n), wins.end(),
                      [&](const Cand& x, const Cand& y) {
                          const auto rx = rank[x.dir], ry = rank[y.dir];
                          return rx != ry ? rx < ry : x.name < y.name;
                      });
    wins.resize(n);
    auto jobs = chain_jobs(q, root);
    if (!jobs) return jobs.error();
    auto attrs = winner_attrs(q, root, names, wins);
    if (!attrs) return attrs.error();
    std::vector<BrowseEntry> out;
    out.reserve(n);
    for (std::size_t i = 0; i < wins.size(); ++i) {
        const auto& w = wins[i];
        const auto& a = attrs.value()[i];
        if (!a) continue; // pruned meanwhile
        BrowseEntry e;
        e.name = names[w.name].name;
        e.path = join_path(dirs->paths[rank[w.dir]].first, e.name);
        e.kind = a->kind;
        e.size = a->size;
        e.mtime_ns = a->mtime_ns;
        e.job_id = jobs.value()[w.ord];
        out.push_back(std::move(e));
    }
    return out;
}

// The search by directory, for a first page: the catalog's directories in path order, a few at
// a time (8, doubling to 256), every entry of the chain in them read by key and kept when its
// name matches. It ends once `limit` winners are in (the directories after them sort later),
// or, returning nullopt, once kByDirBudget entries and directories were read without filling
// the page (matches too rare: the search by name costs less then). At 10 M entries the search
// by name read a million candidates for the first 1,000 `*.log` matches
// (docs/notes/2026-11-30..12-03-catalog-lab-notes.md "Name search: the first page by directory").
constexpr std::size_t kByDirLimit = 10000;  // pages up to this size try it
constexpr std::size_t kByDirNames = 64;     // with at least this many matching names
constexpr std::size_t kByDirBudget = 50000; // entries and directories read before giving up

using DeletionsByDir = std::unordered_map<std::int64_t, std::vector<Cand>>;
struct Hit {
    Cand c;
    catalog::NameSearch::Attrs a;
};
struct ByDir {
    catalog::NameSearch& q;
    const BrowseRoot& root;
    const std::vector<catalog::NameRow>& names;
    std::unordered_map<std::int64_t, std::uint32_t> rank_of_id;
    DeletionsByDir deletions; // the chain's markers with a matching name, by directory
    std::vector<std::int64_t> jobs;
    std::size_t read = 0;
};

Status chain_deletions(ByDir& s) {
    std::unordered_map<std::string, std::uint32_t> rank_of_name;
    for (std::size_t i = 0; i < s.names.size(); ++i)
        rank_of_name.emplace(s.names[i].name, static_cast<std::uint32_t>(i));
    for (std::uint32_t ord = 0; ord < s.root.chain.size(); ++ord)
        TL_TRY(s.q.deletions(s.root.chain[ord], [&](std::int64_t dir, const std::string& name) {
            if (auto it = rank_of_name.find(name); it != rank_of_name.end())
                s.deletions[dir].push_back({dir, it->second, ord, true});
        }));
    return {};
}

// The winners in directories `dirs` (in path order), appended to `out` in path order.
Status dirs_winners(ByDir& s, const std::vector<std::pair<std::int64_t, std::string>>& dirs,
                    std::vector<BrowseEntry>& out) {
    std::vector<std::int64_t> ids;
    std::unordered_map<std::int64_t, std::size_t> at; // directory id -> its place in `dirs`
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        ids.push_back(dirs[i].first);
        at.emplace(dirs[i].first, i);
    }
    std::vector<Hit> hits;
    for (std::uint32_t ord = 0; ord < s.root.chain.size(); ++ord)
        TL_TRY(s.q.entries_in_dirs(
            s.root.chain[ord], ids,
            [&](const catalog::NameSearch::Key& k, const catalog::NameSearch::Attrs& a) {
                ++s.read;
                if (auto it = s.rank_of_id.find(k.name_id); it != s.rank_of_id.end())
                    hits.push_back({Cand{k.dir_id, it->second, ord, false}, a});
            }));
    for (const auto id : ids)
        if (auto it = s.deletions.find(id); it != s.deletions.end())
            for (const auto& c : it->second)
                hits.push_back({c, {}});
    auto wins = newest_per_path(std::move(hits), [](const Hit& h) -> const Cand& { return h.c; });
    std::sort(wins.begin(), wins.end(), [&](const Hit& x, const Hit& y) {
        const auto ax = at.at(x.c.dir), ay = at.at(y.c.dir);
        return ax != ay ? ax < ay : x.c.name < y.c.name;
    });
    for (const auto& w : wins) {
        BrowseEntry e;
        e.name = s.names[w.c.name].name;
        e.path = join_path(dirs[at.at(w.c.dir)].second, e.name);
        e.kind = w.a.kind;
        e.size = w.a.size;
        e.mtime_ns = w.a.mtime_ns;
        e.job_id = s.jobs[w.c.ord];
        out.push_back(std::move(e));
    }
    return {};
}

Result<std::optional<std::vector<BrowseEntry>>>
first_page_by_dir(catalog::NameSearch& q, const BrowseRoot& root,
                  const std::vector<catalog::NameRow>& names, std::size_t limit) {
    ByDir s{q, root, names, {}, {}, {}, 0};
    for (std::size_t i = 0; i < names.size(); ++i)
        s.rank_of_id.emplace(names[i].id, static_cast<std::uint32_t>(i));
    TL_TRY(chain_deletions(s));
    auto jobs = chain_jobs(q, root);
    if (!jobs) return jobs.error();
    s.jobs = std::move(jobs.value());
    std::vector<BrowseEntry> out;
    std::string after;
    for (std::size_t chunk = 8;; chunk = std::min<std::size_t>(chunk * 2, 256)) {
        std::vector<std::pair<std::int64_t, std::string>> dirs;
        TL_TRY(q.dirs_in_order(
            out.empty() && s.read == 0, after, chunk,
            [&](std::int64_t id, std::string path) { dirs.emplace_back(id, std::move(path)); }));
        if (dirs.empty()) return std::optional<std::vector<BrowseEntry>>(std::move(out));
        s.read += dirs.size();
        TL_TRY(dirs_winners(s, dirs, out));
        if (out.size() >= limit) {
            out.resize(limit);
            return std::optional<std::vector<BrowseEntry>>(std::move(out));
        }
        if (s.read >= kByDirBudget) return std::optional<std::vector<BrowseEntry>>{};
        after = dirs.back().second;
    }
}
} // namespace

// The pattern is matched against the distinct names (a small table: names are stored once),
// their entries in each chain link found through entries_name (index-only), the chain merged on
// those keys in memory, sorted by path through ranks, and only the `limit` winners read from the
// entries table. The cost follows the distinct names and the matches, not the catalog's size.
Result<std::vector<BrowseEntry>> search_names(catalog::Db& db, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit) {
    if (root.chain.empty() || pattern.empty() || limit == 0) return std::vector<BrowseEntry>{};
    const bool glob = is_glob(pattern);
    auto names = catalog::matching_names(db, glob ? pattern : like_escaped(pattern), glob);
    if (!names) return names.error();
    if (names->empty()) return std::vector<BrowseEntry>{};
    auto q = catalog::NameSearch::prepare(db);
    if (!q) return q.error();
    if (limit <= kByDirLimit && names->size() >= kByDirNames) {
        auto page = first_page_by_dir(q.value(), root, names.value(), limit);
        if (!page) return page.error();
        if (page.value()) return std::move(*page.value());
    }
    auto cands = candidates(q.value(), root, names.value());
    if (!cands) return cands.error();
    return read_winners(q.value(), root, names.value(), winners(std::move(cands.value())), limit);
}

namespace {
// Where `path` (absolute) is in a save set of source `source`: (directory, name) relative to
// it, nullopt when the source does not hold the path.
std::optional<std::pair<std::string, std::string>> split_in(const std::string& path,
                                                            const std::string& source) {
    std::string rel;
    if (path != source) {
        const std::string prefix = !source.empty() && source.back() == '/' ? source : source + "/";
        if (path.compare(0, prefix.size(), prefix) != 0 || path.size() == prefix.size())
            return std::nullopt;
        rel = path.substr(prefix.size());
    }
    const auto slash = rel.find_last_of('/');
    if (slash == std::string::npos) return std::pair<std::string, std::string>{"", rel};
    return std::pair<std::string, std::string>{rel.substr(0, slash), rel.substr(slash + 1)};
}
} // namespace

Result<std::vector<FileVersion>> file_versions(catalog::Db& db, const std::string& path_in) {
    std::string path = path_in;
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    // The file-tree save sets whose source holds `path` (a short list: one per job and
    // source), then one key lookup per save set for its version or deletion marker.
    auto sets = catalog::file_tree_savesets(db);
    if (!sets) return sets.error();
    auto lookup = catalog::PathVersions::prepare(db);
    if (!lookup) return lookup.error();
    std::vector<FileVersion> out;
    for (const auto& set : sets.value()) {
        const auto where = split_in(path, set.source);
        if (!where) continue;
        FileVersion v;
        v.source = set.source;
        v.job_id = set.job_id;
        v.started = set.started;
        v.level = set.level;
        auto e = lookup->entry(set.saveset_id, where->first, where->second);
        if (!e) return e.error();
        if (e.value()) {
            v.size = e.value()->size;
            v.mtime_ns = e.value()->mtime_ns;
            v.hash = e.value()->hash_hex;
            out.push_back(v);
            continue;
        }
        auto gone = lookup->deleted(set.saveset_id, where->first, where->second);
        if (!gone) return gone.error();
        if (gone.value()) {
            v.deleted = true;
            out.push_back(v);
        }
    }
    return out;
}

} // namespace tl::job
