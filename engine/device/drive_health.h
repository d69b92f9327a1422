#pragma once
// Drive health as the catalog records it (catalog/drive_alert_store.h): the TapeAlert flags
// each drive reported, and the drives out of service with why. Job code records them
// (job/drive_alerts.h); the CLI and the console read them here.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::catalog {
class Db;
}

namespace tl::device {

struct DriveAlertRecord {
    std::string drive, volume, phase;
    int flag = 0;
    std::string name, severity, action; // from the flag table (tape_alert.h)
    long long at = 0;
    std::int64_t job_id = 0;
};

// The newest `limit` alerts of `drive` ("" = every drive), newest first.
Result<std::vector<DriveAlertRecord>> drive_alert_history(catalog::Db& db, const std::string& drive,
                                                          int limit);
// Drives out of service: drive name -> reason ("TapeAlert 30 Hardware A (critical) at load of
// TLO003L9").
Result<std::map<std::string, std::string>> drives_out_of_service(catalog::Db& db);
// Returns `drive` to service; NotFound when it was not out of service.
Status return_drive_to_service(catalog::Db& db, const std::string& drive);

} // namespace tl::device
