#pragma once
// The typed door's ad-hoc backups (api.h): a backup of sources named at once, as the console's
// Back up now asks for it, queued in the service's scheduler queue (POST /v1/backups).
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "job/backup_job.h"

namespace tl::client {

struct AdHocBackupRequest {
    std::vector<std::string> sources; // as `backup --source` takes them
    std::string pool = "Default";
    std::string level = "full";
    std::string compression = "none";
    std::size_t sessions_per_drive = 4;
    std::size_t drives = 0; // 0: as many as useful
    std::string library;    // "": the first configured library
    std::string name;       // "": the service names it after its sources
};

// The request of a backup's options (those a job definition has fields for).
AdHocBackupRequest ad_hoc_backup_request(const job::BackupOptions& o);
// POST /v1/backups' body; a source that is no UTF-8 goes as {"hex": ...} (docs/api.md).
nlohmann::json to_json(const AdHocBackupRequest& r);

} // namespace tl::client
