#include "api/engine.h"

#include "catalog/schema.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "device/library.h"
#include "job/backup_job.h"
#include "media/clone_recovery.h"

namespace tl {

struct Engine::Impl {
    std::string home;
    HomeLock lock;
    SystemClock system_clock;
    Clock* clock = nullptr;
    catalog::Db db;
};

Engine::Engine(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {}
Engine::~Engine() = default;

Result<std::unique_ptr<Engine>> Engine::open(const EngineOptions& options) {
    auto log = log::get("engine");
    TL_TRY(ensure_directory(options.home));
    auto lock = HomeLock::acquire(options.home);
    if (!lock) return lock.error();
    if (options.log_to_file) {
        TL_TRY(ensure_directory(options.home + "/logs"));
        TL_TRY(log::add_file(options.home + "/logs/tapeloom.log"));
    }
    auto db = catalog::Db::open(options.home + "/catalog.db");
    if (!db) return db.error();
    TL_TRY(catalog::migrate(db.value()));
    TL_TRY(device::ensure_default_library(db.value(), options.home));
    TL_TRY(job::fail_interrupted_jobs(db.value()));
    if (auto clones = media::remove_interrupted_clones(db.value()); !clones) return clones.error();
    auto impl = std::unique_ptr<Impl>(
        new Impl{options.home, std::move(lock.value()), {}, nullptr, std::move(db.value())});
    impl->clock = options.clock ? options.clock : &impl->system_clock;
    log->info("engine {} opened data directory {}", engine_version(), options.home);
    return std::unique_ptr<Engine>(new Engine(std::move(impl)));
}

const std::string& Engine::home() const {
    return d_->home;
}
Clock& Engine::clock() {
    return *d_->clock;
}
catalog::Db& Engine::catalog() {
    return d_->db;
}

Result<EngineStatus> Engine::status() {
    EngineStatus s;
    s.home = d_->home;
    s.catalog_path = d_->db.path();
    s.version = engine_version();
    s.schema_version = catalog::schema_version();
    auto libs = d_->db.scalar("SELECT count(*) FROM libraries");
    if (!libs) return libs.error();
    auto drives = d_->db.scalar("SELECT count(*) FROM drives");
    if (!drives) return drives.error();
    s.libraries = libs.value();
    s.drives = drives.value();
    return s;
}

} // namespace tl
