#pragma once
// The device configuration in the catalog (tables `libraries` and `drives`): several libraries
// (virtual or mtx) and standalone drives (st, virtual, null) side by side. Virtual devices keep
// their files under the data directory: libraries/<name>/ and drives/<name>/ (paths stored
// relative to the home). Not thread-safe (a Db is used by one thread).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "common/result.h"
#include "device/tape_drive.h"

namespace tl::catalog {
class Db;
}

namespace tl::device {

struct LibraryConfig {
    std::int64_t id = 0;
    std::string name;
    std::string kind;   // "virtual" | "mtx"
    std::string device; // virtual: folder relative to the home; mtx: /dev/sgN
    nlohmann::json
        config; // virtual: drives, slots, mail, capacity, ew_bytes, robot_delay_ms, streaming
    long long created = 0;
};

struct DriveConfig {
    std::int64_t id = 0;
    std::string name;
    std::string library; // "" for a standalone drive
    int element = 0;     // drive number in its library
    std::string kind;    // "virtual" | "st" | "null"
    std::string device;  // st: /dev/nstN; virtual standalone: folder relative to the home
    nlohmann::json config;
};

struct VirtualLibrarySpec {
    std::string name; // "" = next free "vlibN"
    int drives = 4, storage_slots = 24, mail = 2;
    int cartridges = -1;                 // blank cartridges to put in slots 1..n (-1 = all slots)
    std::string prefix;                  // barcode prefix ("" = "TLO" for vlib0, else "T<id>")
    std::uint64_t capacity = 4ull << 30; // per cartridge
    std::uint64_t ew_bytes = 2ull << 20;
    long long robot_delay_ms = 0;
    std::optional<nlohmann::json> streaming; // {"rate":..,"buffer":..,"reposition_s":..}
    // A drive type's timing model (tape_timing.h): {"type": "lto9", "time_scale": 1,
    // "rate_scale": 1}. With a model, capacity 0 = the type's native capacity x rate_scale.
    std::optional<nlohmann::json> model;
};

Result<std::vector<LibraryConfig>> list_libraries(catalog::Db& db);
// By name; "" = the first one configured. NotFound names what exists.
Result<LibraryConfig> find_library(catalog::Db& db, const std::string& name);
// Drives of one library (by element) or, with library = "", every drive.
Result<std::vector<DriveConfig>> list_drives(catalog::Db& db, const std::string& library = "");

Result<LibraryConfig> add_virtual_library(catalog::Db& db, const std::string& home,
                                          VirtualLibrarySpec spec);
Result<LibraryConfig> add_mtx_library(catalog::Db& db, const std::string& name,
                                      const std::string& changer_device,
                                      const std::vector<std::string>& drive_devices);
// Removes the configuration (and its drives); a virtual library's files stay on disk.
Status remove_library(catalog::Db& db, const std::string& name);

Result<DriveConfig> add_st_drive(catalog::Db& db, const std::string& name,
                                 const std::string& device);
// NotFound (naming `device` and what to check) when no device node exists at that path. The
// add_* functions above only record configuration; the CLI checks the nodes it is given.
Status require_device_node(const std::string& device);
Result<DriveConfig> add_virtual_drive(catalog::Db& db, const std::string& home,
                                      const std::string& name, std::uint64_t capacity);
Result<DriveConfig> add_null_drive(catalog::Db& db, const std::string& name);
Status remove_drive(catalog::Db& db, const std::string& name);

// Opens a standalone drive by name (library drives are opened through open_library).
Result<std::unique_ptr<TapeDrive>> open_standalone_drive(catalog::Db& db, const std::string& home,
                                                         const std::string& name, Clock& clock);

} // namespace tl::device
