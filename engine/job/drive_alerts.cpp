#include "job/drive_alerts.h"

#include <algorithm>

#include "catalog/drive_alert_store.h"
#include "common/log.h"
#include "device/drive_health.h"
#include "device/tape_alert.h"
#include "media/volume_actions.h"

namespace tl::job {

namespace {
std::string where(const device::DriveAlert& a) {
    return "at " + a.phase + (a.volume.empty() ? "" : " of " + a.volume);
}

// The action of one critical flag; "" when none was taken.
std::string act(catalog::Db& db, const device::DriveAlert& a, const device::TapeAlertFlag& f,
                long long now, AlertOutcome& out) {
    const std::string why = "TapeAlert " + device::describe(f) + " " + where(a);
    switch (f.action) {
    case device::AlertAction::DriveFault:
        if (auto s = catalog::set_drive_out_of_service(db, {a.drive, why, now}); !s)
            return "drive " + a.drive + ": not taken out of service: " + s.error().message;
        return "drive " + a.drive + " taken out of service: " + why +
               "; return it with 'tapeloom-cli drive clear " + a.drive + "' once repaired";
    case device::AlertAction::MarkMedia: {
        if (a.volume.empty()) return {};
        auto m = media::mark_state(db, a.volume, media::VolumeEvent::IoError, why, now);
        if (!m) return "volume " + a.volume + " not marked: " + m.error().message;
        return "volume " + a.volume + " marked error (no appends): " + why;
    }
    case device::AlertAction::Clean:
        if (std::find(out.cleaning_wanted.begin(), out.cleaning_wanted.end(), a.index) ==
            out.cleaning_wanted.end())
            out.cleaning_wanted.push_back(a.index);
        return "drive " + a.drive + " asks for cleaning: " + why;
    case device::AlertAction::CleaningMedia:
        return "cleaning cartridge " + a.volume + " is used up or invalid: " + why;
    case device::AlertAction::Note:
        break;
    }
    return {};
}
} // namespace

Result<AlertOutcome> record_drive_alerts(catalog::Db& db,
                                         const std::vector<device::DriveAlert>& alerts,
                                         long long now, std::int64_t job_id) {
    AlertOutcome out;
    for (const auto& a : alerts)
        for (const auto& f : device::flags_in(a.flags)) {
            TL_TRY(catalog::insert_drive_alert(db, {0, a.drive, a.volume, a.phase, f.number,
                                                    device::to_string(f.severity), now, job_id}));
            out.lines[a.drive].push_back(device::describe(f) + " " + where(a));
            if (auto done = act(db, a, f, now, out); !done.empty()) {
                log::get("job")->warn("{}", done);
                out.actions.push_back(done);
            }
        }
    return out;
}

void add_to_report(const AlertOutcome& outcome, JobReport& report) {
    for (const auto& [drive, lines] : outcome.lines) {
        auto d = std::find_if(report.drives.begin(), report.drives.end(),
                              [&](const DriveReport& r) { return r.name == drive; });
        if (d == report.drives.end()) {
            report.drives.push_back(DriveReport{});
            d = report.drives.end() - 1;
            d->name = drive;
        }
        d->alerts.insert(d->alerts.end(), lines.begin(), lines.end());
    }
    report.warnings.insert(report.warnings.end(), outcome.actions.begin(), outcome.actions.end());
}

std::map<std::size_t, std::string> out_of_service_drives(catalog::Db& db,
                                                         device::Library& library) {
    std::map<std::size_t, std::string> out;
    auto all = device::drives_out_of_service(db);
    if (!all) {
        log::get("job")->warn("drives out of service not read: {}", all.error().message);
        return out;
    }
    for (std::size_t i = 0; i < library.drive_count(); ++i)
        if (auto it = all->find(library.drive(i).name()); it != all->end()) out[i] = it->second;
    return out;
}

} // namespace tl::job
