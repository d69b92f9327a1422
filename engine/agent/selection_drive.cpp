#include "agent/selection_drive.h"

#include "context/engine_catalog.h"
#include "job/backup_encryption.h"
#include "job/job_volumes.h"

namespace tl::agent {

Status require_selection_keys(Engine& engine, const job::Selection& sel) {
    for (const auto& s : sel.savesets)
        TL_TRY(job::require_saveset_key(engine_catalog(engine), engine.home(), s.reading()));
    return {};
}

Result<SelectionLibrary> open_selection_library(Engine& engine, const job::Selection& sel,
                                                const std::string& library) {
    auto& db = engine_catalog(engine);
    std::vector<std::int64_t> jobs;
    for (const auto& s : sel.savesets)
        jobs.push_back(s.job_id);
    auto volumes = job::job_volumes(db, jobs);
    if (!volumes) return volumes.error();
    auto lib =
        device::open_library_holding(db, engine.home(), library, volumes.value(), engine.clock());
    if (!lib) return lib.error();
    return SelectionLibrary{std::move(lib.value()), std::move(volumes.value())};
}

Result<SelectionDrive> reserve_selection_drive(Engine& engine, job::JobContext& ctx,
                                               SelectionLibrary& lib) {
    job::JobNeeds needs;
    needs.drives.count = 1;
    needs.volumes = lib.volumes;
    auto reserved = ctx.acquire(*lib.library, needs);
    if (!reserved) {
        ctx.fail(reserved.error());
        return reserved.error();
    }
    auto conn = catalog::Db::open(engine_catalog(engine).path(), false);
    if (!conn) return conn.error();
    return SelectionDrive{reserved.value()->drives().front(), std::move(conn.value())};
}

} // namespace tl::agent
