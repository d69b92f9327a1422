#pragma once
// Drive health in the catalog (schema step "drive health"): the TapeAlert flags drives
// reported, one row per flag with its drive, the volume mounted, the phase (load, unload,
// error, check), the time and the job; and the drives out of service with the reason.
// Functions use the caller's connection.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct DriveAlertRow {
    std::int64_t id = 0;
    std::string drive, volume, phase;
    int flag = 0;
    std::string severity;
    long long at = 0;
    std::int64_t job_id = 0; // 0 = none
};

Status insert_drive_alert(Db& db, const DriveAlertRow& row);
// The newest `limit` alerts of `drive` ("" = every drive), newest first.
Result<std::vector<DriveAlertRow>> recent_drive_alerts(Db& db, const std::string& drive, int limit);
// The alerts raised while `volume` was mounted, oldest first.
Result<std::vector<DriveAlertRow>> volume_alerts(Db& db, const std::string& volume);

// How many alerts each drive reported, by severity: {(drive, severity) -> count}.
Result<std::map<std::pair<std::string, std::string>, std::int64_t>> drive_alert_counts(Db& db);

struct DriveServiceRow {
    std::string drive, reason;
    long long since = 0;
};
// Takes the drive out of service (replacing an earlier reason).
Status set_drive_out_of_service(Db& db, const DriveServiceRow& row);
// Returns it to service; false when it was in service.
Result<bool> return_drive_to_service(Db& db, const std::string& drive);
Result<std::vector<DriveServiceRow>> drives_out_of_service(Db& db);

} // namespace tl::catalog
