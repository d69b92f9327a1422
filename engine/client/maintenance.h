#pragma once
// The typed door's catalog maintenance (api.h): retention applied (prune), the catalog backed up
// to tape as a job, the catalog rebuilt from volumes (scan), a restore's plan (what it would
// read, from which volumes, how long) without restoring, and the faults injected into a virtual
// library for tests and demos.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "device/fault_change.h"
#include "job/restore_job.h"
#include "job/scan_job.h"
#include "media/prune.h"

namespace tl::client {

// POST /v1/catalog/backups: "" pool is Default; "" library is the first configured one.
struct CatalogBackupRequest {
    std::string pool;
    std::string library;
};

// POST /v1/scans: the volumes named, or with `all` every cartridge of the library that carries
// a Tapeloom label.
struct ScanRequest {
    std::vector<std::string> barcodes;
    bool all = false;
    std::string library;
};

// GET /v1/scans/{id}: running, or ended with its report or with the error it ended with.
struct ScanState {
    std::int64_t id = 0;
    bool ended = false;
    std::optional<job::ScanReport> report;
    std::optional<Error> error;
};

// GET and PATCH /v1/libraries/{name}/faults: a virtual library's injected faults as
// faults.json holds them ({"version", "drives", "cartridges"}).
struct LibraryFaults {
    nlohmann::json document;
};

nlohmann::json to_json(const CatalogBackupRequest& r);
nlohmann::json to_json(const ScanRequest& r);
// Io when the answer has no "state".
Result<ScanState> scan_state_from_json(const nlohmann::json& j);

} // namespace tl::client
