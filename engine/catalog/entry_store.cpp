#include "catalog/entry_store.h"

#include <algorithm>

#include "catalog/name_trigrams.h"
#include "catalog/text_rows.h"

namespace tl::catalog {

namespace {
Result<Stmt> prepare_bound(Db& db, const std::string& sql, std::int64_t id) {
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, id);
    return q;
}

// "WITH chain(sid, ord) AS (VALUES (12,0),(15,1))": the chain's links, oldest first. The ids are
// integers from the catalog, so they are written in the text.
std::string chain_cte(const std::vector<std::int64_t>& chain) {
    std::string s = "WITH chain(sid, ord) AS (VALUES ";
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (i) s += ",";
        s += "(" + std::to_string(chain[i]) + "," + std::to_string(i) + ")";
    }
    return s + ")";
}

// The entries table is clustered by (save set, directory, name id); attributes are joined by id
// (schema.cpp), CROSS JOIN pinning the order on SQLite: entries first, by their key. Each name
// is one key lookup (a scalar subquery), not a join: with statistics PostgreSQL's planner hashed
// all of `names` for a directory's thousand entries (CROSS JOIN is a plain JOIN there).
std::string own_entries_sql(const std::string& from_where, const std::string& more_columns) {
    return "SELECT * FROM (SELECT (SELECT name FROM names WHERE id=e.name_id) AS name, a.kind AS "
           "kind, e.size AS size, e.mtime AS mtime" +
           more_columns + " FROM " + from_where + ") AS own WHERE name>?2";
}

std::string directory_sql(const std::vector<std::int64_t>& chain, std::int64_t job_id) {
    const std::string dir = "e.dir_id=(SELECT id FROM dirs WHERE path=?1)";
    if (chain.size() == 1) // a full: its own entries, the directory's key range sorted by name
        return "SELECT name, kind, size, mtime, " + std::to_string(job_id) + " FROM (" +
               own_entries_sql("entries e CROSS JOIN attrs a ON a.id=e.attr_id WHERE "
                               "e.saveset_id=" +
                                   std::to_string(chain.front()) + " AND " + dir,
                               "") +
               ") AS listed ORDER BY name LIMIT ?3";
    // Per name the newest link wins; in one link its object wins over its deletion marker
    // (deletions are applied before the link's own objects, as select_files does).
    return chain_cte(chain) +
           ", ents AS (SELECT name, ord, 0 AS del, kind, size, mtime, job FROM (" +
           own_entries_sql("chain c CROSS JOIN entries e ON e.saveset_id=c.sid AND " + dir +
                               " CROSS JOIN attrs a ON a.id=e.attr_id JOIN savesets s ON "
                               "s.id=c.sid",
                           ", c.ord AS ord, s.job_id AS job") +
           ") AS linked "
           "UNION ALL SELECT x.name, c.ord, 1, 0, 0, 0, 0 FROM deletions x JOIN chain c ON "
           "c.sid=x.saveset_id WHERE x.dir_id=(SELECT id FROM dirs WHERE path=?1) AND "
           "x.name>?2), "
           "ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY ord DESC, del "
           "ASC) AS rn FROM ents) "
           "SELECT name, kind, size, mtime, job FROM ranked WHERE rn=1 AND del=0 "
           "ORDER BY name LIMIT ?3";
}
} // namespace

Status for_each_object(Db& db, std::int64_t saveset_id,
                       const std::function<void(const ObjectRow&)>& visit) {
    // The save set's key range of entries (clustered by directory and name).
    auto q = prepare_bound(db,
                           "SELECT d.path, n.name, a.kind, e.size, e.offset, e.volume_id, "
                           "e.file_number, e.block, e.inode FROM entries e CROSS JOIN dirs d ON "
                           "d.id=e.dir_id CROSS JOIN names n ON n.id=e.name_id CROSS JOIN attrs "
                           "a ON a.id=e.attr_id WHERE e.saveset_id=?",
                           saveset_id);
    if (!q) return q.error();
    ObjectRow o; // one for all rows: its strings keep their capacity from row to row
    return for_each_row(q.value(), [&](const Stmt& r) {
        r.text_into(0, o.dir);
        r.text_into(1, o.name);
        o.kind = static_cast<int>(r.i64(2));
        o.size = static_cast<std::uint64_t>(r.i64(3));
        o.offset = static_cast<std::uint64_t>(r.i64(4));
        o.volume_id = r.i64(5);
        o.file_number = static_cast<std::uint32_t>(r.i64(6));
        o.block = static_cast<std::uint32_t>(r.i64(7));
        o.inode = static_cast<std::uint64_t>(r.i64(8));
        visit(o);
    });
}

Status for_each_deletion(Db& db, std::int64_t saveset_id,
                         const std::function<void(const std::string&, const std::string&)>& visit) {
    auto q = prepare_bound(db,
                           "SELECT d.path, x.name FROM deletions x JOIN dirs d ON d.id=x.dir_id "
                           "WHERE x.saveset_id=?",
                           saveset_id);
    if (!q) return q.error();
    return for_each_row(q.value(), [&](const Stmt& r) { visit(r.text(0), r.text(1)); });
}

Status for_each_prior(Db& db, std::int64_t saveset_id,
                      const std::function<void(const PriorRow&)>& visit) {
    auto q = prepare_bound(db,
                           "SELECT d.path, f.name, f.kind, f.mode, f.uid, f.gid, f.size, f.mtime, "
                           "f.ctime, f.inode, f.hash, f.flags FROM files f JOIN dirs d ON "
                           "d.id=f.dir_id WHERE f.saveset_id=?",
                           saveset_id);
    if (!q) return q.error();
    return for_each_row(q.value(), [&](const Stmt& s) {
        PriorRow e;
        e.dir = s.text(0);
        e.name = s.text(1);
        e.kind = static_cast<int>(s.i64(2));
        e.mode = static_cast<std::uint32_t>(s.i64(3));
        e.uid = static_cast<std::uint32_t>(s.i64(4));
        e.gid = static_cast<std::uint32_t>(s.i64(5));
        e.size = static_cast<std::uint64_t>(s.i64(6));
        e.mtime_ns = s.i64(7);
        e.ctime_ns = s.i64(8);
        e.inode = static_cast<std::uint64_t>(s.i64(9));
        if (!s.is_null(10)) e.hash = s.blob(10);
        e.flags = static_cast<std::uint32_t>(s.i64(11));
        visit(e);
    });
}

Status for_each_hash(Db& db, std::int64_t saveset_id,
                     const std::function<void(const HashRow&)>& visit) {
    auto q = prepare_bound(db,
                           "SELECT f.offset, d.path, f.name, f.hash FROM files f JOIN dirs d ON "
                           "d.id=f.dir_id WHERE f.saveset_id=?",
                           saveset_id);
    if (!q) return q.error();
    return for_each_row(q.value(), [&](const Stmt& r) {
        HashRow h;
        h.offset = static_cast<std::uint64_t>(r.i64(0));
        h.dir = r.text(1);
        h.name = r.text(2);
        h.hash = r.blob(3);
        visit(h);
    });
}

Result<std::optional<EntryAttrRow>> entry_attrs(Db& db, const std::vector<std::int64_t>& savesets,
                                                const std::string& dir, const std::string& name,
                                                int kind) {
    auto q = db.prepare(
        "SELECT a.mode, a.uid, a.gid, e.mtime FROM entries e JOIN dirs d ON d.id=e.dir_id "
        "JOIN names n ON n.id=e.name_id JOIN attrs a ON a.id=e.attr_id WHERE e.saveset_id=? "
        "AND d.path=? AND n.name=? AND a.kind=?");
    if (!q) return q.error();
    for (const auto id : savesets) {
        q->reset();
        q->bind(1, id).bind(2, dir).bind(3, name).bind(4, kind);
        auto row = q->step();
        if (!row || !row.value()) continue;
        return std::optional<EntryAttrRow>(EntryAttrRow{
            static_cast<std::uint32_t>(q->i64(0)), static_cast<std::uint32_t>(q->i64(1)),
            static_cast<std::uint32_t>(q->i64(2)), q->i64(3)});
    }
    return std::optional<EntryAttrRow>{};
}

Result<std::vector<ViewEntryRow>> view_directory(Db& db, const std::vector<std::int64_t>& chain,
                                                 std::int64_t job_id, const std::string& dir,
                                                 const std::string& after, std::size_t limit) {
    std::vector<ViewEntryRow> out;
    if (chain.empty()) return out;
    auto q = db.prepare(directory_sql(chain, job_id));
    if (!q) return q.error();
    q->bind(1, dir).bind(2, after).bind(3, static_cast<std::int64_t>(limit));
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) {
        out.push_back({r.text(0), static_cast<int>(r.i64(1)), static_cast<std::uint64_t>(r.i64(2)),
                       r.i64(3), r.i64(4)});
    }));
    return out;
}

// With 3 or more literal characters the trigram index (names_search) gives the candidates, with
// the names it does not hold yet (name_search_tail.h), and the exact pattern filters them; with
// fewer, the pattern runs over every distinct name.
Result<std::vector<NameRow>> matching_names(Db& db, const std::string& pattern, bool glob) {
    const auto trigrams = trigram_query(pattern, glob);
    const std::string candidates =
        trigrams ? "id IN (SELECT rowid FROM names_search WHERE names_search MATCH ?2 UNION ALL "
                   "SELECT id FROM names WHERE id > (SELECT upto FROM names_search_state)) AND "
                 : ""; // (with OR in place of UNION ALL SQLite scans every name)
    auto q = db.prepare("SELECT id, name FROM names WHERE " + candidates + "name<>'' AND name" +
                        (glob ? " GLOB ?1" : " LIKE ?1 ESCAPE '\\'") + " ORDER BY name");
    if (!q) return q.error();
    q->bind(1, pattern);
    if (trigrams) q->bind(2, *trigrams);
    std::vector<NameRow> out;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) { out.push_back({r.i64(0), r.text(1)}); }));
    return out;
}

namespace {
// Runs `sql_of(first, n)` for each chunk [first, first + n) of `count` items.
template <class SqlOf, class Row>
Status by_chunks(Db& db, std::size_t count, SqlOf&& sql_of, Row&& row) {
    for (std::size_t first = 0; first < count; first += NameSearch::kChunk) {
        auto q = db.prepare(sql_of(first, std::min(NameSearch::kChunk, count - first)));
        if (!q) return q.error();
        TL_TRY(for_each_row(q.value(), row));
    }
    return {};
}

// "1,2,3": the ids [first, first + n) as a list of integers.
std::string id_list(const std::vector<std::int64_t>& ids, std::size_t first, std::size_t n) {
    std::string s;
    for (std::size_t i = first; i < first + n; ++i) {
        if (i != first) s += ',';
        s += std::to_string(ids[i]);
    }
    return s;
}
} // namespace

Result<NameSearch> NameSearch::prepare(Db& db) {
    NameSearch s;
    s.db_ = &db;
    auto deletions = db.prepare("SELECT dir_id, name FROM deletions WHERE saveset_id=?1");
    if (!deletions) return deletions.error();
    auto job = db.prepare("SELECT job_id FROM savesets WHERE id=?1");
    if (!job) return job.error();
    s.deletions_ = std::move(deletions.value());
    s.job_ = std::move(job.value());
    return s;
}

Status NameSearch::dirs_with_names(std::int64_t saveset_id,
                                   const std::vector<std::int64_t>& name_ids,
                                   const std::function<void(std::int64_t, std::int64_t)>& visit) {
    // The name keys built when the save set ended (entry_names.h): SQLite's a row per entry,
    // PostgreSQL's an array of directories per name.
    const std::string head =
        std::string(db_->postgres() ? "SELECT name_id, unnest(dir_ids) FROM entry_name_dirs"
                                    : "SELECT name_id, dir_id FROM entry_names") +
        " WHERE saveset_id=" + std::to_string(saveset_id) + " AND name_id IN (";
    return by_chunks(
        *db_, name_ids.size(),
        [&](std::size_t first, std::size_t n) { return head + id_list(name_ids, first, n) + ")"; },
        [&](const Stmt& r) { visit(r.i64(0), r.i64(1)); });
}

Status NameSearch::deletions(std::int64_t saveset_id,
                             const std::function<void(std::int64_t, const std::string&)>& visit) {
    deletions_.reset();
    deletions_.bind(1, saveset_id);
    return for_each_row(deletions_, [&](const Stmt& r) { visit(r.i64(0), r.text(1)); });
}

Status NameSearch::dir_paths(const std::vector<std::int64_t>& dir_ids,
                             const std::function<void(std::int64_t, std::string)>& visit) {
    return by_chunks(
        *db_, dir_ids.size(),
        [&](std::size_t first, std::size_t n) {
            return "SELECT id, path FROM dirs WHERE id IN (" + id_list(dir_ids, first, n) + ")";
        },
        [&](const Stmt& r) { visit(r.i64(0), r.text(1)); });
}

Result<std::int64_t> NameSearch::saveset_job(std::int64_t saveset_id) {
    job_.reset();
    job_.bind(1, saveset_id);
    auto row = job_.step();
    if (!row) return row.error();
    return row.value() ? job_.i64(0) : std::int64_t{0};
}

// The keys as a CTE joined to entries by its primary key (CROSS JOIN: the keys first, one key
// lookup each on SQLite; PostgreSQL's planner chooses).
Status NameSearch::attrs(std::int64_t saveset_id, const std::vector<Key>& keys,
                         const std::function<void(const Key&, const Attrs&)>& visit) {
    const auto sql_of = [&](std::size_t first, std::size_t n) {
        std::string s = "WITH k(d, n) AS (VALUES ";
        for (std::size_t i = first; i < first + n; ++i)
            s += (i == first ? "(" : ",(") + std::to_string(keys[i].dir_id) + "," +
                 std::to_string(keys[i].name_id) + ")";
        return s +
               ") SELECT k.d, k.n, a.kind, e.size, e.mtime FROM k CROSS JOIN entries e ON "
               "e.saveset_id=" +
               std::to_string(saveset_id) +
               " AND e.dir_id=k.d AND e.name_id=k.n CROSS JOIN attrs a ON a.id=e.attr_id";
    };
    return by_chunks(*db_, keys.size(), sql_of, [&](const Stmt& r) {
        visit(Key{r.i64(0), r.i64(1)},
              Attrs{static_cast<int>(r.i64(2)), static_cast<std::uint64_t>(r.i64(3)), r.i64(4)});
    });
}

Status NameSearch::dirs_in_order(bool first, const std::string& after, std::size_t n,
                                 const std::function<void(std::int64_t, std::string)>& visit) {
    auto q = db_->prepare(std::string("SELECT id, path FROM dirs WHERE path") +
                          (first ? ">=" : ">") + "?1 ORDER BY path LIMIT ?2");
    if (!q) return q.error();
    q->bind(1, after).bind(2, static_cast<std::int64_t>(n));
    return for_each_row(q.value(), [&](const Stmt& r) { visit(r.i64(0), r.text(1)); });
}

Status NameSearch::entries_in_dirs(std::int64_t saveset_id,
                                   const std::vector<std::int64_t>& dir_ids,
                                   const std::function<void(const Key&, const Attrs&)>& visit) {
    // A save set whose name keys are not built yet (still being written) has none, as in the
    // search by name.
    const std::string id = std::to_string(saveset_id);
    const std::string head =
        "SELECT e.dir_id, e.name_id, a.kind, e.size, e.mtime FROM entries e CROSS JOIN attrs a ON "
        "a.id=e.attr_id WHERE e.saveset_id=" +
        id + " AND NOT EXISTS (SELECT 1 FROM entry_names_pending WHERE saveset_id=" + id +
        ") AND e.dir_id IN (";
    return by_chunks(
        *db_, dir_ids.size(),
        [&](std::size_t first, std::size_t n) { return head + id_list(dir_ids, first, n) + ")"; },
        [&](const Stmt& r) {
            visit(Key{r.i64(0), r.i64(1)}, Attrs{static_cast<int>(r.i64(2)),
                                                 static_cast<std::uint64_t>(r.i64(3)), r.i64(4)});
        });
}

Result<PathVersions> PathVersions::prepare(Db& db) {
    PathVersions v;
    auto entry = db.prepare(
        "SELECT e.size, e.mtime, hex(e.hash) FROM entries e WHERE e.saveset_id=?1 AND "
        "e.dir_id=(SELECT id FROM dirs WHERE path=?2) AND e.name_id=(SELECT id FROM names WHERE "
        "name=?3)");
    if (!entry) return entry.error();
    auto gone = db.prepare("SELECT 1 FROM deletions WHERE saveset_id=?1 AND dir_id=(SELECT id "
                           "FROM dirs WHERE path=?2) AND name=?3");
    if (!gone) return gone.error();
    v.entry_ = std::move(entry.value());
    v.gone_ = std::move(gone.value());
    return v;
}

Result<std::optional<PathVersions::Version>>
PathVersions::entry(std::int64_t saveset_id, const std::string& dir, const std::string& name) {
    entry_.reset();
    entry_.bind(1, saveset_id).bind(2, dir).bind(3, name);
    auto row = entry_.step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<Version>{};
    return std::optional<Version>(
        Version{static_cast<std::uint64_t>(entry_.i64(0)), entry_.i64(1), entry_.text(2)});
}

Result<bool> PathVersions::deleted(std::int64_t saveset_id, const std::string& dir,
                                   const std::string& name) {
    gone_.reset();
    gone_.bind(1, saveset_id).bind(2, dir).bind(3, name);
    auto row = gone_.step();
    if (!row) return row.error();
    return row.value();
}

Result<std::int64_t> directory_count(Db& db) {
    return db.scalar("SELECT count(*) FROM dirs");
}

} // namespace tl::catalog
