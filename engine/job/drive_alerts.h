#pragma once
// What a job does with the TapeAlert flags its library's drives raised (device::DriveAlert):
// each flag is recorded in the catalog with its drive, volume, phase and job; critical flags act
// (docs/devices.md "TapeAlert"): a hardware fault takes the drive out of service, a media flag
// marks the cartridge (state error: no appends), "clean now" asks for a cleaning. The report
// gets one line per flag on its drive and a warning per action.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "device/library.h"
#include "job/job_report.h"

namespace tl::catalog {
class Db;
}

namespace tl::job {

struct AlertOutcome {
    std::map<std::string, std::vector<std::string>>
        lines;                        // by drive: "20 Clean now (critical) at load of TLO003L9"
    std::vector<std::string> actions; // "drive vlib0-drive1 taken out of service: ..."
    std::vector<std::size_t> cleaning_wanted; // drive indices that asked
};

Result<AlertOutcome> record_drive_alerts(catalog::Db& db,
                                         const std::vector<device::DriveAlert>& alerts,
                                         long long now, std::int64_t job_id);
// Puts the lines on the report's drives (a drive the report lacks gets a row of its own) and
// the actions among the warnings.
void add_to_report(const AlertOutcome& outcome, JobReport& report);
// The out-of-service drives of `library` by index, with why.
std::map<std::size_t, std::string> out_of_service_drives(catalog::Db& db, device::Library& library);

} // namespace tl::job
