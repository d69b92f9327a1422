#include "job/catalog_browser.h"

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

Result<std::vector<BrowseEntry>> list_directory(catalog::Db& db, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit) {
    if (root.chain.empty()) return std::vector<BrowseEntry>{};
    std::string sql;
    if (root.chain.size() == 1) {
        // A full: its own entries, straight from the (saveset, dir, name) index.
        sql = "SELECT f.name, f.kind, f.size, f.mtime, " + std::to_string(root.job_id) +
              " FROM files f WHERE f.saveset_id=" + std::to_string(root.chain.front()) +
              " AND f.dir_id=(SELECT id FROM dirs WHERE path=?1) AND f.name>?2 "
              "ORDER BY f.name LIMIT ?3";
    } else {
        // Per name the newest link wins; in one link its object wins over its deletion marker
        // (deletions are applied before the link's own objects, as select_files does).
        sql = chain_cte(root) +
              ", ents AS (SELECT f.name AS name, c.ord AS ord, 0 AS del, f.kind AS kind, f.size "
              "AS size, f.mtime AS mtime, s.job_id AS job FROM files f JOIN chain c ON "
              "c.sid=f.saveset_id JOIN savesets s ON s.id=f.saveset_id WHERE f.dir_id=(SELECT "
              "id FROM dirs WHERE path=?1) AND f.name>?2 "
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

Result<std::vector<BrowseEntry>> search_names(catalog::Db& db, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit) {
    if (root.chain.empty() || pattern.empty()) return std::vector<BrowseEntry>{};
    const std::string match = is_glob(pattern) ? " GLOB ?1" : " LIKE ?1 ESCAPE '\\'";
    const std::string sql =
        chain_cte(root) +
        ", ents AS (SELECT f.dir_id AS dir_id, f.name AS name, c.ord AS ord, 0 AS del, f.kind AS "
        "kind, f.size AS size, f.mtime AS mtime, s.job_id AS job FROM files f JOIN chain c ON "
        "c.sid=f.saveset_id JOIN savesets s ON s.id=f.saveset_id WHERE f.name<>'' AND f.name" +
        match +
        " UNION ALL SELECT x.dir_id, x.name, c.ord, 1, 0, 0, 0, 0 FROM deletions x JOIN chain c "
        "ON c.sid=x.saveset_id WHERE x.name" +
        match +
        "), ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY dir_id, name ORDER BY ord DESC, "
        "del ASC) AS rn FROM ents) "
        "SELECT r.name, r.kind, r.size, r.mtime, r.job, d.path FROM ranked r JOIN dirs d ON "
        "d.id=r.dir_id WHERE r.rn=1 AND r.del=0 ORDER BY d.path, r.name LIMIT ?2";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, is_glob(pattern) ? pattern : like_escaped(pattern))
        .bind(2, static_cast<std::int64_t>(limit));
    return collect(q.value(), nullptr);
}

Result<std::vector<FileVersion>> file_versions(catalog::Db& db, const std::string& path_in) {
    std::string path = path_in;
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    auto q = db.prepare(
        "SELECT j.id, j.started, j.level, f.size, f.mtime, hex(f.hash), 0, s.source FROM files f "
        "JOIN dirs d ON d.id=f.dir_id JOIN savesets s ON s.id=f.saveset_id "
        "JOIN jobs j ON j.id=s.job_id WHERE s.kind='files' AND "
        "(?1 = s.source || CASE WHEN d.path='' THEN '' ELSE '/' || d.path END || '/' || f.name "
        " OR (?1 = s.source AND d.path='' AND f.name='')) "
        "UNION ALL SELECT j.id, j.started, j.level, 0, 0, '', 1, s.source FROM deletions x "
        "JOIN dirs d ON d.id=x.dir_id JOIN savesets s ON s.id=x.saveset_id "
        "JOIN jobs j ON j.id=s.job_id WHERE "
        "?1 = s.source || CASE WHEN d.path='' THEN '' ELSE '/' || d.path END || '/' || x.name "
        "ORDER BY 2, 1");
    if (!q) return q.error();
    q->bind(1, path);
    std::vector<FileVersion> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        FileVersion v;
        v.job_id = q->i64(0);
        v.started = q->i64(1);
        v.level = q->text(2);
        v.size = static_cast<std::uint64_t>(q->i64(3));
        v.mtime_ns = q->i64(4);
        v.hash = q->text(5);
        v.deleted = q->i64(6) != 0;
        v.source = q->text(7);
        out.push_back(std::move(v));
    }
    return out;
}

} // namespace tl::job
