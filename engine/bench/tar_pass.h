#pragma once
// GNU tar as the baseline of the benches: `tar -c` of the sources into an archive on the
// scratch directory, and `tar -x` of it into a directory, each followed by a sync of the
// filesystem it wrote to (as `tar ...; sync`: the durability a backup and a restore pay counts
// for both). The child's CPU time comes from getrusage(RUSAGE_CHILDREN).
#include <string>
#include <vector>

#include "bench/passes.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

// Runs `argv` (argv[0] looked up in PATH) with stdin and stdout on /dev/null and waits; an
// error names the program when it cannot start or does not exit 0.
Status run_program(const std::vector<std::string>& argv);

// `tar -c -f archive SOURCES...` then syncfs of the archive's filesystem, timed together (what
// was dirty there before is synced first, untimed); `files`/`bytes` describe the data.
Result<PassResult> tar_create_pass(const std::vector<std::string>& sources,
                                   const std::string& archive, std::uint64_t files,
                                   std::uint64_t bytes, Clock& clock);

// `tar -x -f archive -C dir`, then syncfs of dir's filesystem when `sync`; timed together.
Result<PassResult> tar_extract_pass(const std::string& archive, const std::string& dir, bool sync,
                                    std::uint64_t files, std::uint64_t bytes, Clock& clock);

// syncfs of the filesystem holding `dir`.
Status sync_filesystem(const std::string& dir);

} // namespace tl::bench
