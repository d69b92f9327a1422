#pragma once
// A source that behaves like the seeds' 4.5 MB/s disks: `size` incompressible bytes written to
// a file descriptor (a pipe to a `cmd:` backup source) no faster than `rate`. Used by
// `tapeloom-cli bench-source`, which bench multiplex runs as its sources.
#include <cstdint>
#include <string>

#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

// rate <= 0: as fast as the reader takes it. A disk cannot read ahead while its reader is
// blocked (back-pressure from the drive), so time spent blocked earns no credit for a later
// burst: the pacing restarts from "now" whenever it fell behind.
Status write_throttled(int fd, std::uint64_t size, double rate, std::uint64_t seed, Clock& clock);

// The `cmd:` backup source that runs `program bench-source` with these arguments.
std::string throttled_source_spec(const std::string& program, std::uint64_t size, double rate,
                                  std::uint64_t seed);

} // namespace tl::bench
