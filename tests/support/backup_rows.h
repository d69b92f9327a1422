#pragma once
// A backup job with one save set in a test catalog, as a backup adds them (the save set
// 'running' until finish_saveset): the rows a test writes entries under.
#include <QtGlobal>
#include <cstdint>
#include <utility>

#include "catalog/db.h"
#include "catalog/job_writer.h"
#include "catalog/saveset_store.h"
#include "catalog/session_store.h"

namespace tltest {

// Returns (job, save set). `tag` makes the session's UUID unique among a test's catalogs.
inline std::pair<std::int64_t, std::int64_t> add_backup_rows(tl::catalog::Db& db,
                                                             std::uint8_t tag) {
    tl::catalog::NewJob job;
    job.kind = "backup";
    job.name = "home";
    job.started = 1000;
    auto job_id = tl::catalog::add_job(db, job);
    if (!job_id) qFatal("%s", job_id.error().message.c_str());
    const std::uint8_t uuid[16] = {static_cast<std::uint8_t>(job_id.value()), tag};
    auto session = tl::catalog::add_session(db, job_id.value(), uuid, "d0", 65536);
    if (!session) qFatal("%s", session.error().message.c_str());
    tl::catalog::NewSaveset s;
    s.job_id = job_id.value();
    s.session_id = session.value();
    s.source = "/home";
    s.kind = "files";
    s.codec = "none";
    auto saveset = tl::catalog::add_saveset(db, s);
    if (!saveset) qFatal("%s", saveset.error().message.c_str());
    return {job_id.value(), saveset.value()};
}

} // namespace tltest
