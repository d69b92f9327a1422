#include "context/engine.h"
#include "context/engine_catalog.h"
#include "context/engine_context.h"
#include "context/engine_status.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "catalog/catalog_location.h"
#include "catalog/media_use_store.h"
#include "catalog/schema.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "context/reservations.h"

namespace tl {

struct Engine::Impl {
    Impl(std::string h, std::optional<HomeLock> l, catalog::Db d,
         std::shared_ptr<const job::RemoteClients> r)
        : home(std::move(h)), lock(std::move(l)), db(std::move(d)), remote_clients(std::move(r)) {}
    std::string home;
    std::optional<HomeLock> lock; // empty for a read-only engine
    SystemClock system_clock;
    Clock* clock = nullptr;
    catalog::Db db; // the opening thread's connection
    std::thread::id opener = std::this_thread::get_id();
    mutable std::mutex connections_mutex;
    // One connection per thread that asked; a thread id reused after its thread ended takes
    // over that thread's idle connection.
    std::map<std::thread::id, std::unique_ptr<catalog::Db>> connections;
    job::ReservationBook reservations;
    std::shared_ptr<const job::RemoteClients> remote_clients;
};

Engine::Engine(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {}
Engine::~Engine() = default;

namespace {
// The read-only open: the catalog must exist and be of this build's schema. An older one is
// migrated by a normal open when nobody holds the home (nullopt: the caller opens normally).
Result<std::optional<catalog::Db>> open_catalog_read_only(const std::string& home) {
    const std::string path = catalog::catalog_location(home);
    const bool file = path == home + "/catalog.db";
    if (file && !std::filesystem::exists(path)) return std::optional<catalog::Db>();
    auto db = catalog::Db::open(path, catalog::Access::ReadOnly);
    if (!db) return db.error();
    auto version = catalog::stored_schema_version(db.value());
    if (!version) return version.error();
    if (version.value() == catalog::schema_version()) return std::optional(std::move(db.value()));
    const long holder = HomeLock::holder(home);
    if (holder == 0) return std::optional<catalog::Db>();
    return make_error(
        ErrorKind::Busy,
        "catalog " + db->name() + " has schema version " + std::to_string(version.value()) +
            ", older than this build's " + std::to_string(catalog::schema_version()) +
            ", and cannot be upgraded while process " + std::to_string(holder) +
            " holds the data directory " + home + "; run the command again when it has ended");
}
} // namespace

Result<std::unique_ptr<Engine>>
open_engine_context(const EngineOptions& options,
                    std::shared_ptr<const job::RemoteClients> remote_clients) {
    auto log = log::get("engine");
    if (options.read_only) {
        auto db = open_catalog_read_only(options.home);
        if (!db) return db.error();
        if (db.value()) {
            if (options.log_to_file && std::filesystem::is_directory(options.home + "/logs"))
                TL_TRY(log::add_file(options.home + "/logs/tapeloom.log"));
            auto impl = std::make_unique<Engine::Impl>(
                options.home, std::nullopt, std::move(*db.value()), std::move(remote_clients));
            impl->clock = options.clock ? options.clock : &impl->system_clock;
            log->debug("engine {} opened data directory {} read-only", engine_version(),
                       options.home);
            return std::unique_ptr<Engine>(new Engine(std::move(impl)));
        }
    }
    TL_TRY(ensure_private_directory(options.home));
    auto lock = HomeLock::acquire(options.home);
    if (!lock) return lock.error();
    if (options.log_to_file) {
        TL_TRY(ensure_private_directory(options.home + "/logs"));
        TL_TRY(log::add_file(options.home + "/logs/tapeloom.log"));
    }
    auto db = catalog::Db::open(catalog::catalog_location(options.home));
    if (!db) return db.error();
    TL_TRY(catalog::migrate(db.value()));
    auto impl = std::make_unique<Engine::Impl>(options.home, std::move(lock.value()),
                                               std::move(db.value()), std::move(remote_clients));
    impl->clock = options.clock ? options.clock : &impl->system_clock;
    return std::unique_ptr<Engine>(new Engine(std::move(impl)));
}

const std::string& Engine::home() const {
    return d_->home;
}
Clock& Engine::clock() {
    return *d_->clock;
}
catalog::Db& engine_catalog(Engine& engine) {
    auto& d = engine.d_;
    const auto me = std::this_thread::get_id();
    if (me == d->opener) return d->db;
    std::lock_guard lock(d->connections_mutex);
    auto& conn = d->connections[me];
    if (!conn) {
        auto db = d->lock ? catalog::Db::open(d->db.path(), false)
                          : catalog::Db::open(d->db.path(), catalog::Access::ReadOnly);
        if (!db) {
            // The catalog opened a moment ago on this engine: a failure here is the machine's
            // (no file descriptors, no memory), not something a job can work around.
            log::get("engine")->critical("catalog connection for a job thread: {}",
                                         db.error().message);
            std::abort();
        }
        conn = std::make_unique<catalog::Db>(std::move(db.value()));
    }
    return *conn;
}
void Engine::release_catalog() {
    const auto me = std::this_thread::get_id();
    if (me == d_->opener) return;
    std::unique_ptr<catalog::Db> gone;
    std::lock_guard lock(d_->connections_mutex);
    auto it = d_->connections.find(me);
    if (it == d_->connections.end()) return;
    gone = std::move(it->second);
    d_->connections.erase(it);
}
std::size_t Engine::catalog_connections() const {
    std::lock_guard lock(d_->connections_mutex);
    return d_->connections.size();
}
job::ReservationBook& Engine::reservations() {
    return d_->reservations;
}
const job::RemoteClients* Engine::remote_clients() const {
    return d_->remote_clients.get();
}
bool Engine::read_only() const {
    return !d_->lock.has_value();
}

Result<EngineStatus> read_engine_status(catalog::Db& db, const std::string& home) {
    EngineStatus s;
    s.home = home;
    s.catalog_path = db.name();
    s.version = engine_version();
    s.schema_version = catalog::schema_version();
    auto libs = catalog::library_count(db);
    if (!libs) return libs.error();
    auto drives = catalog::drive_count(db);
    if (!drives) return drives.error();
    s.libraries = libs.value();
    s.drives = drives.value();
    return s;
}

Result<EngineStatus> Engine::status() {
    return read_engine_status(engine_catalog(*this), d_->home);
}

} // namespace tl
