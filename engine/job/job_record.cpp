#include "job/job_record.h"

namespace tl::job {

Result<JobRecord> load_job_record(catalog::Db& db, std::int64_t id) {
    auto q = db.prepare("SELECT id, kind, name, level, status, started, coalesce(ended, 0), "
                        "files, bytes, report FROM jobs WHERE id=?");
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "job " + std::to_string(id) +
                                                   " is not in the catalog; see tapeloom-cli "
                                                   "jobs list");
    JobRecord r;
    r.id = q->i64(0);
    r.kind = q->text(1);
    r.name = q->text(2);
    r.level = q->text(3);
    r.status = q->text(4);
    r.started = q->i64(5);
    r.ended = q->i64(6);
    r.files = static_cast<std::uint64_t>(q->i64(7));
    r.bytes = static_cast<std::uint64_t>(q->i64(8));
    const auto j = nlohmann::json::parse(q->text(9), nullptr, false);
    if (j.is_object()) {
        r.has_report = true;
        r.report = report_from_json(j);
    }
    return r;
}

Result<std::int64_t> record_refused_restore(catalog::Db& db, const std::string& name,
                                            long long when, const std::string& error) {
    JobReport rep;
    rep.kind = "restore";
    rep.status = "failed";
    rep.error = error;
    rep.started = rep.ended = when;
    auto ins = db.prepare("INSERT INTO jobs(kind,name,status,started,ended,report) "
                          "VALUES('restore',?,'failed',?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, name)
               .bind(2, static_cast<std::int64_t>(when))
               .bind(3, static_cast<std::int64_t>(when))
               .bind(4, to_json(rep).dump())
               .run());
    const auto id = db.last_insert_rowid();
    rep.job_id = id;
    auto upd = db.prepare("UPDATE jobs SET report=? WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, to_json(rep).dump()).bind(2, id).run());
    return id;
}

} // namespace tl::job
