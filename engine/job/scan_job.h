#pragma once
// Catalog rebuild from media ("bscan"): reads volumes block by block and recreates their
// volumes, jobs, sessions, save sets, tape files, extents and file entries with positions, so a
// restore works without the original catalog. Sessions the catalog already knows are left
// alone. A session spanning volumes is followed when its volumes are scanned in order
// (--all orders them by label time).
#include <string>
#include <vector>

#include "api/engine.h"
#include "job/saveset_reader.h"

namespace tl::job {

struct ScanReport {
    std::vector<std::string> volumes;
    std::uint64_t sessions_added = 0;
    std::uint64_t sessions_known = 0;
    std::uint64_t jobs_added = 0;
    std::uint64_t files_added = 0;
    std::uint64_t blocks_read = 0;
    std::vector<BadBlock> bad_blocks;
    std::vector<std::string> warnings;
    // Encrypted sessions skipped because their key is not in the key store (one message each,
    // naming the key id); import the key and scan again to add them.
    std::vector<std::string> keys_missing;
};

// `barcodes` empty with `all`: every cartridge of the library that carries a Tapeloom label.
Result<ScanReport> scan_volumes(Engine& engine, std::vector<std::string> barcodes, bool all,
                                const std::string& library = "", std::size_t drive = 0);

} // namespace tl::job
