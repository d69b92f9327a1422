#pragma once
// The typed door's devices (api.h): standalone drives and libraries added to and removed from
// the configuration, and a drive's cleaning, as `drive add|remove|clean` and `library
// add|remove` do them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

nlohmann::json to_json(const NewDrive& d);
nlohmann::json to_json(const NewLibrary& l);
Result<DeviceAdded> device_added_from_json(const nlohmann::json& j);
Result<DriveCleaned> drive_cleaned_from_json(const nlohmann::json& j);

} // namespace tl::client
