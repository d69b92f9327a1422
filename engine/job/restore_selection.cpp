#include "job/restore_selection.h"

#include <algorithm>
#include <fnmatch.h>

namespace tl::job {

namespace {
bool matches(const std::string& path, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return true;
    for (auto p : patterns) {
        while (p.size() > 1 && p.back() == '/')
            p.pop_back();
        while (!p.empty() && p.front() == '/')
            p.erase(p.begin());
        if (p.empty() || p == ".") return true;
        if (fnmatch(p.c_str(), path.c_str(), FNM_PATHNAME) == 0) return true;
        if (path == p || path.rfind(p + "/", 0) == 0) return true; // a directory and below
        if (fnmatch((p + "/*").c_str(), path.c_str(), 0) == 0)
            return true; // a glob directory and below
    }
    return false;
}

Status load_saveset(catalog::Db& db, SelectedSaveset& s, const std::vector<std::string>& paths,
                    Selection& out) {
    auto q = db.prepare(
        "SELECT f.id, d.path, f.name, f.kind, f.size, f.offset, f.volume_id, f.file_number, "
        "f.block "
        "FROM files f JOIN dirs d ON d.id=f.dir_id WHERE f.saveset_id=? ORDER BY f.offset");
    if (!q) return q.error();
    q->bind(1, s.saveset_id);
    std::vector<SelectedFile> all;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        SelectedFile f;
        f.file_id = q->i64(0);
        const std::string dir = q->text(1), name = q->text(2);
        f.path = dir.empty() ? name : (name.empty() ? dir : dir + "/" + name);
        f.kind = static_cast<int>(q->i64(3));
        f.size = static_cast<std::uint64_t>(q->i64(4));
        f.offset = static_cast<std::uint64_t>(q->i64(5));
        f.volume_id = q->i64(6);
        f.file_number = static_cast<std::uint32_t>(q->i64(7));
        f.block = static_cast<std::uint32_t>(q->i64(8));
        all.push_back(f);
    }
    std::size_t picked = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i].end = i + 1 < all.size() ? all[i + 1].offset : s.stream_bytes;
        if (all[i].end <= all[i].offset) all[i].end = ~std::uint64_t{0};
        if (!matches(all[i].path, paths)) continue;
        out.bytes += all[i].size;
        ++out.files;
        ++picked;
        s.files.push_back(all[i]);
    }
    s.whole = picked == all.size();
    return {};
}
} // namespace

Result<Selection> select_files(catalog::Db& db, const SelectionRequest& r) {
    std::string sql =
        "SELECT s.id, s.job_id, s.source, s.kind, s.stored, s.session_id FROM savesets s JOIN jobs "
        "j ON j.id=s.job_id "
        "WHERE j.kind='backup' AND ";
    if (r.saveset_id)
        sql += "s.id=?";
    else if (r.job_id)
        sql += "s.job_id=?";
    else if (!r.source.empty())
        sql += "s.job_id=(SELECT j2.id FROM jobs j2 JOIN savesets s2 ON s2.job_id=j2.id WHERE "
               "s2.source=? "
               "AND j2.kind='backup' AND j2.status IN ('completed','warnings','partial') AND "
               "j2.started<=? "
               "ORDER BY j2.started DESC, j2.id DESC LIMIT 1) AND s.source=?";
    else
        return make_error(ErrorKind::InvalidArgument,
                          "choose what to restore: --job ID, or --source S [--at TIME]");
    sql += " ORDER BY s.id";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    if (r.saveset_id)
        q->bind(1, r.saveset_id);
    else if (r.job_id)
        q->bind(1, r.job_id);
    else
        q->bind(1, r.source)
            .bind(2, static_cast<std::int64_t>(r.at > 0 ? r.at : (1ll << 62)))
            .bind(3, r.source);
    Selection out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        SelectedSaveset s;
        s.saveset_id = q->i64(0);
        s.job_id = q->i64(1);
        s.source = q->text(2);
        s.kind = q->text(3);
        s.stream_bytes = static_cast<std::uint64_t>(q->i64(4));
        s.session_id = q->i64(5);
        out.savesets.push_back(s);
    }
    if (out.savesets.empty()) {
        if (r.saveset_id)
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(r.saveset_id) + " does not exist");
        if (r.job_id)
            return make_error(
                ErrorKind::NotFound,
                "job " + std::to_string(r.job_id) +
                    " has no save sets (is it a backup job? see tapeloom-cli jobs list)");
        return make_error(ErrorKind::NotFound,
                          "no backup of source '" + r.source + "' at or before that time");
    }
    for (auto& s : out.savesets)
        TL_TRY(load_saveset(db, s, r.paths, out));
    if (out.files == 0)
        return make_error(ErrorKind::NotFound, "no backed-up file matches the paths given");
    return out;
}

} // namespace tl::job
