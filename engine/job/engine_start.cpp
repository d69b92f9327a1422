#include "job/engine_start.h"

#include "common/log.h"
#include "common/version.h"
#include "context/engine_catalog.h"
#include "context/engine_context.h"
#include "device/library.h"
#include "job/backup_job.h"
#include "job/clone_recovery.h"

namespace tl::job {

namespace {
Status start_up(catalog::Db& db, const std::string& home) {
    TL_TRY(device::ensure_default_library(db, home));
    TL_TRY(job::fail_interrupted_jobs(db)); // not catalog::fail_interrupted_jobs (by argument)
    if (auto clones = media::remove_interrupted_clones(db); !clones) return clones.error();
    return {};
}
} // namespace

Result<std::unique_ptr<Engine>> open_engine(const EngineOptions& options,
                                            std::shared_ptr<const RemoteClients> remote_clients) {
    auto engine = open_engine_context(options, std::move(remote_clients));
    if (!engine) return engine.error();
    if (engine.value()->read_only()) return engine;
    TL_TRY(start_up(engine_catalog(*engine.value()), options.home));
    log::get("engine")->info("engine {} opened data directory {}", engine_version(), options.home);
    return engine;
}

} // namespace tl::job
