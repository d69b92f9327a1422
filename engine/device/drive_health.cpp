#include "device/drive_health.h"

#include "catalog/drive_alert_store.h"
#include "common/log.h"
#include "device/tape_alert.h"

namespace tl::device {

Result<std::vector<DriveAlertRecord>> drive_alert_history(catalog::Db& db, const std::string& drive,
                                                          int limit) {
    auto rows = catalog::recent_drive_alerts(db, drive, limit);
    if (!rows) return rows.error();
    std::vector<DriveAlertRecord> out;
    for (const auto& r : rows.value()) {
        const auto& f = tape_alert_flag(r.flag);
        out.push_back({r.drive, r.volume, r.phase, r.flag, f.name, r.severity, to_string(f.action),
                       r.at, r.job_id});
    }
    return out;
}

Result<std::map<std::string, std::string>> drives_out_of_service(catalog::Db& db) {
    auto rows = catalog::drives_out_of_service(db);
    if (!rows) return rows.error();
    std::map<std::string, std::string> out;
    for (const auto& r : rows.value())
        out[r.drive] = r.reason;
    return out;
}

Status return_drive_to_service(catalog::Db& db, const std::string& drive) {
    auto was = catalog::return_drive_to_service(db, drive);
    if (!was) return was.error();
    if (!was.value())
        return make_error(ErrorKind::NotFound, "drive " + drive +
                                                   " is not out of service; see 'tapeloom-cli "
                                                   "drive status'");
    log::get("device")->info("drive {} returned to service", drive);
    return {};
}

} // namespace tl::device
