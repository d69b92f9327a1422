#pragma once
// What the catalog says about each drive's past: bytes written and read and mounts summed over
// the job reports, failed sessions, and the block size and codec of the last session a drive
// wrote. Reads only; functions use the caller's connection.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

struct DriveUsage {
    std::uint64_t written = 0; // bytes, by backups
    std::uint64_t read = 0;    // bytes, by restores, verifies and clones
    std::int64_t mounts = 0;   // volumes the jobs used on the drive
    std::int64_t failed_sessions = 0;
};
// By drive name, over every job with a report.
Result<std::map<std::string, DriveUsage>> drive_usage(Db& db);

// The block size of the last session written on the drive; nullopt when none was.
Result<std::optional<std::int64_t>> last_block_size(Db& db, const std::string& drive);
// The codec of the last save set written on the drive; nullopt when none was.
Result<std::optional<std::string>> last_codec(Db& db, const std::string& drive);

} // namespace tl::catalog
