#pragma once
// A cartridge's health (docs/media.md "Wear and retirement"): its wear from the catalog
// (catalog/volume_wear_store.h) - mounts, bytes written and read, full-pass equivalents (bytes
// moved / its capacity), soft and hard errors, first and last use - against what LTO media is
// rated for (260 full passes, 20,000 loads; device/drive_type.h), with a forecast: the day it
// reaches its rated passes at the pace it was used, and a verdict.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::catalog {
class Db;
}

namespace tl::media {

struct VolumeHealth {
    std::string barcode;
    std::int64_t mounts = 0;
    std::uint64_t bytes_written = 0, bytes_read = 0;
    std::int64_t soft_errors = 0, hard_errors = 0;
    long long first_use = 0, last_use = 0;
    std::uint64_t capacity = 0; // bytes; 0 = unknown (no full passes then)
    double full_passes = 0;     // (written + read) / capacity
    double rated_passes = 0, rated_loads = 0;
    std::optional<long long> retire_by; // unix seconds it reaches its rated passes at its pace
    std::string verdict;                // ok | watch | retire
    std::string reason;                 // why, in words
};

// The health of `barcode` (NotFound when it was never used), or of every used cartridge ("").
Result<std::vector<VolumeHealth>> volume_health(catalog::Db& db, const std::string& barcode,
                                                long long now);

} // namespace tl::media
