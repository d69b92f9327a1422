#pragma once
// Where running jobs publish their LiveSnapshot for other processes: one small JSON file per
// job under <home>/live/, replaced atomically (write + rename, no fsync: live figures need no
// durability) at every poll. Readers (`tapeloom-cli monitor`, the dashboard) never take the
// data directory's lock, so they can watch a job run by another process. A job whose process
// died without its final snapshot is shown as ended with status "interrupted".
// Thread-safe: no shared state besides the directory.
#include <string>
#include <vector>

#include "common/result.h"
#include "metrics/live_snapshot.h"

namespace tl::metrics {

class LiveBoard {
public:
    explicit LiveBoard(std::string home);

    Status publish(const LiveSnapshot& s) const;
    // Every job with a live file, running ones first, then by job id.
    Result<std::vector<LiveSnapshot>> read() const;
    // Removes files of jobs that ended more than `age_seconds` before `now_unix`.
    void prune(long long now_unix, double age_seconds) const;
    std::string dir() const { return dir_; }

private:
    std::string dir_;
};

} // namespace tl::metrics
