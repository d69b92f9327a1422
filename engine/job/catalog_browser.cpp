#include "job/catalog_browser.h"

#include <algorithm>
#include <unordered_map>

#include "job/backup_level.h"

namespace tl::job {

namespace {
std::string join_path(const std::string& dir, const std::string& name) {
    return dir.empty() ? name : (name.empty() ? dir : dir + "/" + name);
}

// "WITH chain(sid, ord) AS (VALUES (12,0),(15,1))": the chain's links, oldest first. The ids are
// integers from the catalog, so they are written in the text.
std::string chain_cte(const BrowseRoot& root) {
    std::string s = "WITH chain(sid, ord) AS (VALUES ";
    for (std::size_t i = 0; i < root.chain.size(); ++i) {
        if (i) s += ",";
        s += "(" + std::to_string(root.chain[i]) + "," + std::to_string(i) + ")";
    }
    return s + ")";
}

// Rows of (name, kind, size, mtime, job, dir path) into entries.
Result<std::vector<BrowseEntry>> collect(catalog::Stmt& q, const std::string* dir) {
    std::vector<BrowseEntry> out;
    for (;;) {
        auto row = q.step();
        if (!row) return row.error();
        if (!row.value()) break;
        BrowseEntry e;
        e.name = q.text(0);
        e.kind = static_cast<int>(q.i64(1));
        e.size = static_cast<std::uint64_t>(q.i64(2));
        e.mtime_ns = q.i64(3);
        e.job_id = q.i64(4);
        e.path = join_path(dir ? *dir : q.text(5), e.name);
        out.push_back(std::move(e));
    }
    return out;
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
    std::string sql = "SELECT s.id, s.job_id, s.source FROM savesets s JOIN jobs j ON "
                      "j.id=s.job_id WHERE j.kind='backup' AND s.kind='files' AND ";
    if (job_id)
        sql += "s.job_id=?1";
    else if (!source.empty())
        sql += "s.job_id=(SELECT j2.id FROM jobs j2 JOIN savesets s2 ON s2.job_id=j2.id WHERE "
               "s2.source=?1 AND j2.kind='backup' AND j2.status IN "
               "('completed','warnings','partial') AND j2.started<=?2 "
               "ORDER BY j2.started DESC, j2.id DESC LIMIT 1) AND s.source=?1";
    else
        return make_error(ErrorKind::InvalidArgument,
                          "choose what to browse: a job, or a source and a time");
    sql += " ORDER BY s.id";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    if (job_id)
        q->bind(1, job_id);
    else
        q->bind(1, source).bind(2, static_cast<std::int64_t>(at > 0 ? at : (1ll << 62)));
    std::vector<BrowseRoot> roots;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        BrowseRoot r;
        r.saveset_id = q->i64(0);
        r.job_id = q->i64(1);
        r.source = q->text(2);
        roots.push_back(std::move(r));
    }
    if (roots.empty())
        return make_error(ErrorKind::NotFound,
                          job_id ? "job " + std::to_string(job_id) + " has no file-tree save sets"
                                 : "no backup of source '" + source + "' at or before that time");
    for (auto& r : roots) {
        auto chain = saveset_chain(db, r.saveset_id);
        if (!chain) return chain.error();
        r.chain = std::move(chain.value());
    }
    return roots;
}

Result<BrowseRoot> browse_saveset(catalog::Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT s.id, s.job_id, s.source FROM savesets s JOIN jobs j ON "
                        "j.id=s.job_id WHERE j.kind='backup' AND s.kind='files' AND s.id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "save set " + std::to_string(saveset_id) +
                                                   " is not a file-tree save set of a backup");
    BrowseRoot r;
    r.saveset_id = q->i64(0);
    r.job_id = q->i64(1);
    r.source = q->text(2);
    auto chain = saveset_chain(db, r.saveset_id);
    if (!chain) return chain.error();
    r.chain = std::move(chain.value());
    return r;
}

// The entries table is clustered by (save set, directory, name id); names and attributes are
// joined by id (schema.cpp). CROSS JOIN pins the join order: entries first, by their key.
Result<std::vector<BrowseEntry>> list_directory(catalog::Db& db, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit) {
    if (root.chain.empty()) return std::vector<BrowseEntry>{};
    std::string sql;
    if (root.chain.size() == 1) {
        // A full: its own entries, the directory's key range sorted by name.
        sql = "SELECT n.name, a.kind, e.size, e.mtime, " + std::to_string(root.job_id) +
              " FROM entries e CROSS JOIN names n ON n.id=e.name_id CROSS JOIN attrs a ON "
              "a.id=e.attr_id WHERE e.saveset_id=" +
              std::to_string(root.chain.front()) +
              " AND e.dir_id=(SELECT id FROM dirs WHERE path=?1) AND n.name>?2 "
              "ORDER BY n.name LIMIT ?3";
    } else {
        // Per name the newest link wins; in one link its object wins over its deletion marker
        // (deletions are applied before the link's own objects, as select_files does).
        sql = chain_cte(root) +
              ", ents AS (SELECT n.name AS name, c.ord AS ord, 0 AS del, a.kind AS kind, e.size "
              "AS size, e.mtime AS mtime, s.job_id AS job FROM chain c CROSS JOIN entries e ON "
              "e.saveset_id=c.sid AND e.dir_id=(SELECT id FROM dirs WHERE path=?1) CROSS JOIN "
              "names n ON n.id=e.name_id CROSS JOIN attrs a ON a.id=e.attr_id JOIN savesets s "
              "ON s.id=c.sid WHERE n.name>?2 "
              "UNION ALL SELECT x.name, c.ord, 1, 0, 0, 0, 0 FROM deletions x JOIN chain c ON "
              "c.sid=x.saveset_id WHERE x.dir_id=(SELECT id FROM dirs WHERE path=?1) AND "
              "x.name>?2), "
              "ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY ord DESC, del "
              "ASC) AS rn FROM ents) "
              "SELECT name, kind, size, mtime, job FROM ranked WHERE rn=1 AND del=0 "
              "ORDER BY name LIMIT ?3";
    }
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, dir).bind(2, after).bind(3, static_cast<std::int64_t>(limit));
    return collect(q.value(), &dir);
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

// The pattern is matched against the distinct names (a small table: names are stored once),
// their entries in each chain link found through entries_name (index-only), the chain merged on
// those keys in memory, sorted by path through ranks, and only the `limit` winners read from the
// entries table. The cost follows the distinct names and the matches, not the catalog's size.
Result<std::vector<BrowseEntry>> search_names(catalog::Db& db, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit) {
    if (root.chain.empty() || pattern.empty() || limit == 0) return std::vector<BrowseEntry>{};
    const bool glob = is_glob(pattern);
    auto nq = db.prepare(std::string("SELECT id, name FROM names WHERE name<>'' AND name") +
                         (glob ? " GLOB ?1" : " LIKE ?1 ESCAPE '\\'") + " ORDER BY name");
    if (!nq) return nq.error();
    nq->bind(1, glob ? pattern : like_escaped(pattern));
    std::vector<std::int64_t> name_ids; // by name: the index is the name's rank
    std::vector<std::string> names;
    for (;;) {
        auto row = nq->step();
        if (!row) return row.error();
        if (!row.value()) break;
        name_ids.push_back(nq->i64(0));
        names.push_back(nq->text(1));
    }
    if (names.empty()) return std::vector<BrowseEntry>{};
    std::unordered_map<std::string, std::uint32_t> rank_of_name;
    for (std::size_t i = 0; i < names.size(); ++i)
        rank_of_name.emplace(names[i], static_cast<std::uint32_t>(i));

    // Candidates: every entry and deletion marker of the chain with a matching name.
    struct Cand {
        std::int64_t dir;
        std::uint32_t name; // rank
        std::uint32_t ord;  // chain link, 0 = the full
        bool del;
    };
    std::vector<Cand> cands;
    auto eq = db.prepare("SELECT dir_id FROM entries INDEXED BY entries_name WHERE name_id=?1 "
                         "AND saveset_id=?2");
    if (!eq) return eq.error();
    auto dq = db.prepare("SELECT dir_id, name FROM deletions WHERE saveset_id=?1");
    if (!dq) return dq.error();
    for (std::uint32_t ord = 0; ord < root.chain.size(); ++ord) {
        for (std::uint32_t r = 0; r < name_ids.size(); ++r) {
            eq->reset();
            eq->bind(1, name_ids[r]).bind(2, root.chain[ord]);
            for (;;) {
                auto row = eq->step();
                if (!row) return row.error();
                if (!row.value()) break;
                cands.push_back({eq->i64(0), r, ord, false});
            }
        }
        dq->reset();
        dq->bind(1, root.chain[ord]);
        for (;;) {
            auto row = dq->step();
            if (!row) return row.error();
            if (!row.value()) break;
            if (auto it = rank_of_name.find(dq->text(1)); it != rank_of_name.end())
                cands.push_back({dq->i64(0), it->second, ord, true});
        }
    }
    // Per path the newest link wins; in one link its object wins over its deletion marker.
    std::sort(cands.begin(), cands.end(), [](const Cand& x, const Cand& y) {
        if (x.dir != y.dir) return x.dir < y.dir;
        if (x.name != y.name) return x.name < y.name;
        if (x.ord != y.ord) return x.ord > y.ord;
        return x.del < y.del;
    });
    std::vector<Cand> wins;
    for (std::size_t i = 0; i < cands.size(); ++i)
        if ((i == 0 || cands[i].dir != cands[i - 1].dir || cands[i].name != cands[i - 1].name) &&
            !cands[i].del)
            wins.push_back(cands[i]);
    cands = {};

    // Path order: directories ranked by path, names already by name.
    std::vector<std::int64_t> dirs;
    for (const auto& w : wins)
        if (dirs.empty() || dirs.back() != w.dir) dirs.push_back(w.dir); // wins sorted by dir
    auto pq = db.prepare("SELECT path FROM dirs WHERE id=?1");
    if (!pq) return pq.error();
    std::vector<std::pair<std::string, std::int64_t>> paths;
    for (const auto d : dirs) {
        pq->reset();
        pq->bind(1, d);
        auto row = pq->step();
        if (!row) return row.error();
        paths.emplace_back(row.value() ? pq->text(0) : std::string(), d);
    }
    std::sort(paths.begin(), paths.end());
    std::unordered_map<std::int64_t, std::uint32_t> dir_rank;
    for (std::size_t i = 0; i < paths.size(); ++i)
        dir_rank.emplace(paths[i].second, static_cast<std::uint32_t>(i));
    auto before = [&](const Cand& x, const Cand& y) {
        const auto rx = dir_rank[x.dir], ry = dir_rank[y.dir];
        return rx != ry ? rx < ry : x.name < y.name;
    };
    const std::size_t n = std::min(limit, wins.size());
    std::partial_sort(wins.begin(), wins.begin() + static_cast<std::ptrdiff_t>(n), wins.end(),
                      before);
    wins.resize(n);

    // The winners' attributes, one key lookup each.
    std::vector<std::int64_t> jobs;
    auto jq = db.prepare("SELECT job_id FROM savesets WHERE id=?1");
    if (!jq) return jq.error();
    for (const auto sid : root.chain) {
        jq->reset();
        jq->bind(1, sid);
        auto row = jq->step();
        if (!row) return row.error();
        jobs.push_back(row.value() ? jq->i64(0) : 0);
    }
    auto aq = db.prepare("SELECT a.kind, e.size, e.mtime FROM entries e CROSS JOIN attrs a ON "
                         "a.id=e.attr_id WHERE e.saveset_id=?1 AND e.dir_id=?2 AND e.name_id=?3");
    if (!aq) return aq.error();
    std::vector<BrowseEntry> out;
    out.reserve(n);
    for (const auto& w : wins) {
        aq->reset();
        aq->bind(1, root.chain[w.ord]).bind(2, w.dir).bind(3, name_ids[w.name]);
        auto row = aq->step();
        if (!row) return row.error();
        if (!row.value()) continue; // pruned meanwhile
        BrowseEntry e;
        e.name = names[w.name];
        e.path = join_path(paths[dir_rank[w.dir]].first, e.name);
        e.kind = static_cast<int>(aq->i64(0));
        e.size = static_cast<std::uint64_t>(aq->i64(1));
        e.mtime_ns = aq->i64(2);
        e.job_id = jobs[w.ord];
        out.push_back(std::move(e));
    }
    return out;
}

Result<std::vector<FileVersion>> file_versions(catalog::Db& db, const std::string& path_in) {
    std::string path = path_in;
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    // The file-tree save sets whose source holds `path` (a short list: one per job and
    // source), then one key lookup per save set for its version or deletion marker.
    auto sets = db.prepare("SELECT s.id, j.id, j.started, j.level, s.source FROM savesets s "
                           "JOIN jobs j ON j.id=s.job_id WHERE s.kind='files' "
                           "ORDER BY j.started, j.id, s.id");
    if (!sets) return sets.error();
    auto entry = db.prepare(
        "SELECT e.size, e.mtime, hex(e.hash) FROM entries e WHERE e.saveset_id=?1 AND "
        "e.dir_id=(SELECT id FROM dirs WHERE path=?2) AND e.name_id=(SELECT id FROM names WHERE "
        "name=?3)");
    if (!entry) return entry.error();
    auto gone = db.prepare("SELECT 1 FROM deletions WHERE saveset_id=?1 AND dir_id=(SELECT id "
                           "FROM dirs WHERE path=?2) AND name=?3");
    if (!gone) return gone.error();
    std::vector<FileVersion> out;
    for (;;) {
        auto row = sets->step();
        if (!row) return row.error();
        if (!row.value()) break;
        FileVersion v;
        v.source = sets->text(4);
        std::string rel;
        if (path != v.source) {
            const std::string prefix =
                !v.source.empty() && v.source.back() == '/' ? v.source : v.source + "/";
            if (path.compare(0, prefix.size(), prefix) != 0 || path.size() == prefix.size())
                continue;
            rel = path.substr(prefix.size());
        }
        const auto slash = rel.find_last_of('/');
        const std::string dir = slash == std::string::npos ? "" : rel.substr(0, slash);
        const std::string name = slash == std::string::npos ? rel : rel.substr(slash + 1);
        const std::int64_t sid = sets->i64(0);
        v.job_id = sets->i64(1);
        v.started = sets->i64(2);
        v.level = sets->text(3);
        entry->reset();
        entry->bind(1, sid).bind(2, dir).bind(3, name);
        auto e = entry->step();
        if (!e) return e.error();
        if (e.value()) {
            v.size = static_cast<std::uint64_t>(entry->i64(0));
            v.mtime_ns = entry->i64(1);
            v.hash = entry->text(2);
            out.push_back(v);
            continue;
        }
        gone->reset();
        gone->bind(1, sid).bind(2, dir).bind(3, name);
        auto g = gone->step();
        if (!g) return g.error();
        if (g.value()) {
            v.deleted = true;
            out.push_back(v);
        }
    }
    return out;
}

} // namespace tl::job
