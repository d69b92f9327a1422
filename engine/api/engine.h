#pragma once
// The facade that app/ and ui/ use: opening an Engine takes the data directory's lock, opens
// (or creates and migrates) the catalog and sets up the log file. One Engine per home and
// process; several jobs may run in it at once, each on its own thread (docs/reservations.md).
// Thread-safety: catalog() and reservations() may be called from any thread; the rest from one.
#include <memory>
#include <string>

#include "catalog/db.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::job {
class ReservationBook;
}

namespace tl {

struct EngineOptions {
    std::string home;        // data directory (resolved by the caller, see resolve_home)
    Clock* clock = nullptr;  // injected clock; nullptr = the system clock
    bool log_to_file = true; // <home>/logs/tapeloom.log
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
    static Result<std::unique_ptr<Engine>> open(const EngineOptions& options);
    ~Engine();

    const std::string& home() const;
    Clock& clock();
    // The calling thread's own catalog connection (opened on its first call, kept by the
    // Engine until it closes), so that Db's one-thread contract holds for every job thread.
    catalog::Db& catalog();
    // Which job holds which drives and volumes (job/reservations.h).
    job::ReservationBook& reservations();
    Result<EngineStatus> status();

private:
    struct Impl;
    explicit Engine(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d_;
};

} // namespace tl
