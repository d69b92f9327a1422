#pragma once
// The typed door's devices (api.h): standalone drives and libraries added to and removed from
// the configuration, and a drive's cleaning, as `drive add|remove|clean` and `library
// add|remove` do them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client/drive_usage.h"
#include "common/result.h"

namespace tl::client {

// POST /v1/drives. kind virtual (a file-backed drive of `capacity` bytes, default 4 GiB), st
// (the tape device `device`, /dev/nstN on the service's machine) or null. An empty name: the
// one `drive add` makes (vdrive, null, the device's file name).
struct NewDrive {
    std::string kind;
    std::string name;
    std::string device;
    std::optional<std::uint64_t> capacity;
};

// POST /v1/libraries. kind virtual (drives, slots, mail, capacity, prefix and a drive type's
// `model` as `library add --virtual` takes them; unset: its defaults) or mtx (the changer
// /dev/sgN and its drives' /dev/nstN, in element order). An empty name: one made for it.
struct NewLibrary {
    std::string kind;
    std::string name;
    std::optional<int> drives, storage_slots, mail_slots;
    std::optional<std::uint64_t> capacity;
    std::string prefix;
    std::optional<nlohmann::json> model; // {"type": "lto9", "time_scale", "rate_scale", "buffer"}
    std::string changer;
    std::vector<std::string> drive_devices;
};

// A drive or library as added: its name, kind and device, and the answer as sent
// (`drive add --json`, `library add --json` with its "config").
struct DeviceAdded {
    std::string name, kind, device;
    nlohmann::json document;
};

struct DriveCleaned {
    std::string drive, cartridge;
    int uses_left = 0;
    double seconds = 0;
    nlohmann::json document;
};

// A TapeAlert flag a drive raised, as the catalog recorded it (newest first).
struct TapeAlertSeen {
    int flag = 0;
    std::string name, severity, action, phase, volume;
    std::int64_t at = 0;     // unix seconds
    std::int64_t job_id = 0; // 0: raised outside a job
};

// GET /v1/drives, /v1/drives/{name}: a drive's status as `drive status` shows it. A drive a job
// uses is not opened: `used_by` names the job and `volume` is the cartridge the changer has in
// it. `error`: the drive did not answer. `out_of_service`: why it was taken out (unset: in
// service).
struct DriveState {
    std::string name, library, kind, device;
    int element = 0;
    std::string used_by;
    std::int64_t job_id = 0;
    std::string volume, error;
    std::optional<std::string> out_of_service;
    bool online = false, write_protected = false, cleaning_requested = false;
    std::uint64_t capacity_bytes = 0, remaining_bytes = 0;
    std::vector<TapeAlertSeen> alerts;
    std::optional<DriveUsage> usage; // asked for with drives_with_usage()
    nlohmann::json document;         // the drive as sent (`drive status --json`'s entries)
};

nlohmann::json to_json(const NewDrive& d);
// One drive of the answer, or every drive of {"drives": [...]}.
Result<DriveState> drive_state_from_json(const nlohmann::json& j);
Result<std::vector<DriveState>> drive_states_from_json(const nlohmann::json& j);
nlohmann::json to_json(const NewLibrary& l);
Result<DeviceAdded> device_added_from_json(const nlohmann::json& j);
Result<DriveCleaned> drive_cleaned_from_json(const nlohmann::json& j);

} // namespace tl::client
