#pragma once
// The facade that app/ and ui/ use: opening an Engine takes the data directory's lock, opens
// (or creates and migrates) the catalog and sets up the log file. One Engine per home and
// process; several jobs may run in it at once, each on its own thread (docs/reservations.md).
// Thread-safety: reservations() (and the catalog connection of engine_catalog.h) may be used from
// any thread; the rest from one.
// A read-only Engine (EngineOptions::read_only) takes no lock and never writes the catalog, so
// it works while another process runs jobs on the same home.
#include <memory>
#include <string>

#include "common/clock.h"
#include "common/result.h"

namespace tl::job {
class ReservationBook;
class RemoteClients;
} // namespace tl::job
namespace tl::catalog {
class Db;
}

namespace tl {

struct EngineOptions {
    std::string home;        // data directory (resolved by the caller, see resolve_home)
    Clock* clock = nullptr;  // injected clock; nullptr = the system clock
    bool log_to_file = true; // <home>/logs/tapeloom.log
    // No data-directory lock, no migration or start-up repairs; the catalog is opened read-only
    // and every write through it fails. A home without a catalog yet is opened normally (locked,
    // created). A catalog of an older schema is refused while another process holds the home.
    bool read_only = false;
};

struct EngineStatus {
    std::string home;
    std::string catalog_path;
    std::string version;
    int schema_version = 0;
    long long libraries = 0;
    long long drives = 0;
};

class Engine {
public:
    // Defined by the composition root, assembly/engine_open.cpp: the context's open
    // (open_engine_context), the start-up repairs of the job layer and the agent's clients.
    static Result<std::unique_ptr<Engine>> open(const EngineOptions& options);
    ~Engine();

    const std::string& home() const;
    Clock& clock();
    // Closes the calling thread's own catalog connection: a thread that ends (a service's task,
    // a scheduled run) calls it last, so a long-running engine keeps no connection per thread
    // that is gone. The opener's connection stays; a later use opens a new one.
    void release_catalog();
    // Connections of threads other than the opener's, open now.
    std::size_t catalog_connections() const;
    // Which job holds which drives and volumes (context/reservations.h).
    job::ReservationBook& reservations();
    // How a backup reaches clients' agents (job/remote_clients.h, given by Engine::open);
    // nullptr for an engine opened without them (catalog recovery's working engine).
    const job::RemoteClients* remote_clients() const;
    // True when opened with EngineOptions::read_only (no lock held, no catalog writes).
    bool read_only() const;
    Result<EngineStatus> status();

private:
    // The catalog connection is the engine's own: engine code reaches it through
    // context/engine_catalog.h; app/ and ui/ through CatalogHandle and the typed operations.
    friend catalog::Db& engine_catalog(Engine& engine);
    friend Result<std::unique_ptr<Engine>>
    open_engine_context(const EngineOptions& options,
                        std::shared_ptr<const job::RemoteClients> remote_clients);
    struct Impl;
    explicit Engine(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d_;
};

} // namespace tl
