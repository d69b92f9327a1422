#pragma once
// The machine's limit for the bytes a backup puts on virtual tape, or a restore onto its target
// (issue 40): what `dd if=/dev/zero of=FILE bs=4M oflag=direct conv=fdatasync` and then
// `dd if=FILE of=/dev/null bs=4M iflag=direct` do, run in the same process as the bench. The
// bytes (incompressible, one 4 MiB pattern) are written in 4 MiB aligned writes with O_DIRECT
// into a file under the given directory, fdatasync'd (counted), read back with O_DIRECT, and
// the file removed. Where the filesystem refuses O_DIRECT both go through the page cache and
// `direct` says so.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "bench/passes.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

inline constexpr std::size_t kLimitBuffer = 4u << 20; // dd bs=4M

struct LimitResult {
    PassResult write; // bytes: `bytes` rounded up to 4096 (the last direct write is whole)
    PassResult read;
    bool direct = false;
};

Result<LimitResult> limit_pass(const std::string& dir, std::uint64_t bytes, Clock& clock);

// Adds "limit" {direct, write, read} and "limit_write_mb_s", "limit_read_mb_s" to a report.
void add_limit_json(nlohmann::json& report, const LimitResult& limit);
// "limit (O_DIRECT, 4 MiB writes, fdatasync) : write 980.0 MB/s, read 1500.0 MB/s, 4.0 GiB".
std::string format_limit(const LimitResult& limit);

} // namespace tl::bench
