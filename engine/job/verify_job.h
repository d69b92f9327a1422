#pragma once
// Verify: reads a backup job's save sets (or their copies in one pool) back from tape, checks
// every block's CRC and every file's content hash (against the trailer on tape and the
// catalog), and reports per file: a bad block names the files it touched.
#include <optional>
#include <string>
#include <vector>

#include "context/engine.h"
#include "job/saveset_reader.h"

namespace tl::job {

struct VerifyProblem {
    std::string source; // the save set's source
    std::string path;   // "" when the problem is not tied to one file
    std::string why;
};

struct VerifyReport {
    std::int64_t job_id = 0;        // the backup job verified
    std::string pool;               // the pool of the copies read; "" = the job's own save sets
    std::int64_t verify_job_id = 0; // this verify's own history entry
    std::string status;             // completed | partial | failed
    std::uint64_t files_ok = 0;
    std::uint64_t files_failed = 0;
    std::vector<VerifyProblem> problems;
    std::vector<BadBlock> bad_blocks;
    ReadStats stats;
    double elapsed = 0;
    // Encrypted save sets whose key is not in the key store: their blocks were read and their
    // CRCs checked, their contents not. `key_missing` names the key(s) to import.
    std::uint64_t files_unchecked = 0;
    std::string key_missing;
};

struct VerifyOptions {
    std::int64_t job_id = 0; // the backup job
    std::string library;     // "": the library holding the volumes read
    // The drive to read on; none: any free drive of the library (docs/reservations.md).
    std::optional<std::size_t> drive;
    std::string pool; // read the save sets' copies in this pool (clones); "": the job's own
};

Result<VerifyReport> run_verify(Engine& engine, const VerifyOptions& o);

} // namespace tl::job
