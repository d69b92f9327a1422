#pragma once
// Data sets the demo and the bench back up. Deterministic (same arguments, same bytes), so runs
// compare and a half-made set is simply made again.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::bench {

struct DataSet {
    std::vector<std::string> sources; // one directory per backup source
    std::uint64_t files = 0;
    std::uint64_t bytes = 0;
};

// Incompressible files for the bench: `files` files totalling `bytes` under `dir`, dealt over
// `groups` source directories (dir/s01..), at most 100 files per sub-directory.
Result<DataSet> generate_random_files(const std::string& dir, std::uint64_t files,
                                      std::uint64_t bytes, std::size_t groups,
                                      std::uint64_t seed = 20261129);

// The demo's sample (~40 MiB): 8 source directories of small text-ish files in a few folders,
// four of them also holding one larger binary file of several MiB. Made only when `dir` lacks
// its completion marker; an incomplete set is removed and made again.
Result<DataSet> ensure_demo_data(const std::string& dir);

// Writes `size` bytes at `data` to `path`, replacing it (the generators' small files).
Status write_file(const std::string& path, const void* data, std::size_t size);

} // namespace tl::bench
