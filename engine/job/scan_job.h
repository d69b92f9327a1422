#pragma once
// Catalog rebuild from media ("bscan"): reads volumes block by block and recreates their
// volumes, jobs, sessions, save sets, tape files, extents and file entries with positions, so a
// restore works without the original catalog. Sessions the catalog already knows are left
// alone. A session spanning volumes is followed when its volumes are scanned in order
// (--all orders them by label time).
#include <optional>
#include <string>
#include <vector>

#include "context/engine.h"
#include "job/saveset_reader.h"

namespace tl::job {

// A job rebuilt from media that is not whole: a session without its trailer, a gap in its
// volumes, a damaged block or session header. It gets status 'partial' with "incomplete" in its
// report, its save sets status 'incomplete' (never the base of an incremental).
struct IncompleteJob {
    std::int64_t job_id = 0;
    std::vector<std::string> reasons;
};

struct ScanReport {
    std::vector<std::string> volumes;
    std::uint64_t sessions_added = 0;
    std::uint64_t sessions_known = 0;
    std::uint64_t jobs_added = 0;
    std::uint64_t files_added = 0;
    std::uint64_t blocks_read = 0;
    std::vector<BadBlock> bad_blocks;
    std::vector<std::string> warnings;
    std::vector<std::string> damaged_volumes; // ours, but the label does not read: not scanned
    std::vector<IncompleteJob> incomplete;
    // Encrypted sessions skipped because their key is not in the key store (one message each,
    // naming the key id); import the key and scan again to add them.
    std::vector<std::string> keys_missing;
};

// `barcodes` empty with `all`: every cartridge of the library that carries a Tapeloom label.
// A cartridge of ours whose label is damaged is reported in damaged_volumes and skipped (named
// or not); a blank or foreign cartridge is skipped by --all and refused when named.
// `drive`: the drive to read on; none: any free drive (docs/reservations.md).
Result<ScanReport> scan_volumes(Engine& engine, std::vector<std::string> barcodes, bool all,
                                const std::string& library = "",
                                std::optional<std::size_t> drive = std::nullopt);

} // namespace tl::job
