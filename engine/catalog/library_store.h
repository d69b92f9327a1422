#pragma once
// The device configuration rows (tables libraries and drives): reading, adding and removing
// libraries and drives, name checks and drive counts. The configuration JSON is kept as text;
// device/device_registry.h turns the rows into LibraryConfig / DriveConfig and owns the rules.
// Functions use the caller's connection and run on its thread.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct LibraryRow {
    std::int64_t id = 0;
    std::string name, kind, device; // device "" when NULL
    std::string config;             // JSON text
    long long created = 0;
};

struct DriveRow {
    std::int64_t id = 0;
    std::string name;
    std::string library; // "" for a standalone drive
    int element = 0;
    std::string kind, device; // device "" when NULL
    std::string config;       // JSON text
};

// In configuration order (by id).
Result<std::vector<LibraryRow>> list_library_rows(Db& db);
// Drives of one library by element or, with library = "", every drive (libraries' first).
Result<std::vector<DriveRow>> list_drive_rows(Db& db, const std::string& library);
// Whether a library or a drive has that name.
Result<bool> device_name_taken(Db& db, const std::string& name);
// How many libraries are configured.
Result<std::int64_t> count_libraries(Db& db);
// The highest library id (0 when none).
Result<std::int64_t> max_library_id(Db& db);

// Returns the new library's id.
Result<std::int64_t> insert_library(Db& db, const std::string& name, const std::string& kind,
                                    const std::string& device, const std::string& config,
                                    long long now);
// A library drive (library id and element) or a standalone one (nullopt).
Status insert_drive(Db& db, const std::string& name, std::optional<std::int64_t> library,
                    int element, const std::string& kind, const std::string& device,
                    const std::string& config, long long now);
// Removes the library and its drives (inside the caller's transaction when one is open).
Status delete_library(Db& db, std::int64_t id);
Status delete_drive(Db& db, std::int64_t id);

// Drive counts by library name, and the first configured library ("" when none).
struct LibraryDrives {
    std::string first;
    std::map<std::string, std::size_t> drives;
};
Result<LibraryDrives> library_drive_counts(Db& db);

} // namespace tl::catalog
