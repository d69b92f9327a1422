#pragma once
// The two baselines a backup's rate is judged against, run on the same files in the same order:
// a dd-like read (2 MiB reads into one buffer, discarded) and a cat-like copy into one file on
// a scratch directory (normally /dev/shm), deleted afterwards.
#include <cstdint>
#include <string>
#include <vector>

#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

struct PassResult {
    std::uint64_t bytes = 0;
    std::uint64_t files = 0;
    double seconds = 0;
    double cpu_seconds = 0; // this process, user + system, during the pass
    double rate() const { return seconds > 0 ? static_cast<double>(bytes) / seconds : 0; }
    double files_rate() const { return seconds > 0 ? static_cast<double>(files) / seconds : 0; }
};

// This process's CPU time so far, user + system, all threads (getrusage), in seconds.
double process_cpu_seconds();

// A pass timed as a whole from its construction: the clock's time and this process's CPU.
struct PassTiming {
    Clock& clock;
    double cpu0 = process_cpu_seconds();
    Clock::Mono t0 = clock.now();
    double seconds() const { return seconds_between(t0, clock.now()); }
    double cpu_seconds() const { return process_cpu_seconds() - cpu0; }
    // Sets p.seconds and p.cpu_seconds to what passed since construction.
    void end(PassResult& p) const {
        p.seconds = seconds();
        p.cpu_seconds = cpu_seconds();
    }
};

// Regular files under the given paths (a path may be a file), in directory order, symlinks
// not followed: what a backup of those sources reads.
Result<std::vector<std::string>> list_files(const std::vector<std::string>& paths);

// Reads every file to the end in `buffer`-sized reads and throws the bytes away.
Result<PassResult> read_pass(const std::vector<std::string>& files, std::size_t buffer,
                             Clock& clock);

// Appends every file to `target` (created, then removed), as `cat FILES > target` does:
// copy_file_range where the filesystems allow it, else `buffer`-sized read/write.
Result<PassResult> copy_pass(const std::vector<std::string>& files, const std::string& target,
                             std::size_t buffer, Clock& clock);

} // namespace tl::bench
