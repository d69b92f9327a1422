#pragma once
// Finds and mounts the volumes a backup writes to, by the pool rules of docs/media.md, in this
// order: an appendable volume of the job's pool that is under the pool's limits (fullest
// first; one over a limit is marked 'used' on the way), a recyclable volume of the pool
// (relabeled; its old catalog entries purged in the same transaction), an empty volume
// borrowed from the Scratch pool (relabeled into the job's pool), and, when the pool
// auto-labels, a blank cartridge of the library (label read back and checked). Cartridges with
// another program's data, or a Tapeloom label the catalog does not know, are never
// overwritten: they are skipped with a warning. A volume whose label cannot be read (I/O error,
// corrupt label) is skipped and marked 'error'. Every state change is recorded in the volume
// history with the injected clock's time. With a reservation (set_reservation), volumes that
// another job holds are passed by, and each volume is reserved for this job before it is
// mounted (docs/reservations.md). Shared by the drive threads of one job; thread-safe.
#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "catalog/db.h"
#include "common/clock.h"
#include "device/library.h"
#include "format/uuid.h"
#include "media/labeler.h"
#include "media/pool.h"

namespace tl::job {
class Reservation;
}

namespace tl::job {

struct MountedVolume {
    std::int64_t id = 0;
    std::string barcode;
    format::Uuid uuid;
    std::uint32_t next_file = 1; // the tape file the drive is positioned at
    bool labeled_now = false;
};

struct PoolInfo {
    std::int64_t id = 0;
    std::string name;
    bool auto_label = true;          // and the pool's own auto_label: blanks may be labeled
    std::string job_kind = "backup"; // for the volume history: "labeled ... by a backup"
};

class VolumeManager {
public:
    // `db` is a connection for this manager's use only (it locks around it).
    VolumeManager(device::Library& library, catalog::Db& db, PoolInfo pool,
                  std::uint32_t block_size, Clock& clock, std::string engine_version);

    // Whether `pool` could get a volume of `block_size` in `library` by the rules above (an
    // appendable, recyclable or Scratch volume, or a blank cartridge when the pool auto-labels),
    // mounting nothing: what a clone checks before it writes. A volume over the pool's limits
    // counts here; acquire() then passes it by.
    static Result<bool> can_supply(device::Library& library, catalog::Db& db,
                                   const media::Pool& pool, std::uint32_t block_size);

    // Mounts a volume in drive `index`, opened for writing and positioned at the start of its
    // next tape file. NoSpace when the pool has nothing left to write on.
    Result<MountedVolume> acquire(std::size_t index);
    // The drive is done with the volume; `full` marks it full (history: end of medium).
    // `v.next_file` is where the drive ended: another drive of this job appending to the
    // volume starts there, even before the catalog writer has recorded the drive's last files.
    Status release(std::size_t index, const MountedVolume& v, bool full);

    std::vector<std::string> warnings() const;

    // How the job waits when the pool has nothing to write on (docs/media.md "Waiting for a
    // volume"): acquire() then does not fail at once but sets the job's row waiting, saying to
    // label or move a volume into the pool (an operator request), and looks again every half
    // second until it can mount one; Cancelled once `cancel` is set, NoSpace after `timeout`
    // seconds (0: no limit). Without it (the default) acquire() fails at once.
    struct Wait {
        std::int64_t job_id = 0;
        std::atomic<bool>* cancel = nullptr;
        double timeout = 0;
    };
    void set_wait(Wait w) { wait_ = w; }

    // The job's grant in the engine's reservation book; nullptr (the default): no other job
    // to share the library with (benchmarks, tools on their own data directory).
    void set_reservation(Reservation* grant) { grant_ = grant; }

    // Whether a barcode may be tried now (in the library, not in use, not skipped, not held).
    using Usable = std::function<bool(const std::string&)>;

private:
    // One look for a volume (the steps below, in order), under the lock: nothing when the pool
    // has none to offer now.
    Result<std::optional<MountedVolume>> offer(std::size_t index);
    // Why there is nothing to write on: the error acquire() fails with, and what to do.
    std::string nothing_left();
    // The job's row while drives wait: waiting (for the first) and running again (after the
    // last); under the lock.
    void wait_begins();
    void wait_ends();
    // The steps of acquire(), in order; each gives the mounted volume or nothing to offer.
    // A volume is loaded and positioned, or labeled, without the lock (`lock`, held on entry
    // and return), so the drives of a job mount at the same time.
    Result<std::optional<MountedVolume>> from_appendable(std::size_t index, const Usable& usable,
                                                         std::unique_lock<std::mutex>& lock);
    Result<std::optional<MountedVolume>> from_reusable(std::size_t index, const Usable& usable,
                                                       std::unique_lock<std::mutex>& lock);
    Result<std::optional<MountedVolume>> from_blank(std::size_t index,
                                                    const std::vector<std::string>& present,
                                                    const Usable& usable,
                                                    std::unique_lock<std::mutex>& lock);
    // Reserves `barcode` for this job (true when it may be mounted); `fresh` says whether this
    // call took it, to give it back when the volume turns out unusable.
    bool claim(const std::string& barcode, bool& fresh);
    void unclaim(const std::string& barcode, bool fresh);
    // Mounts, checks the label and positions at `next_file`: the drive's part, no catalog.
    Result<MountedVolume> try_append(std::size_t index, std::int64_t id, const std::string& barcode,
                                     const std::string& uuid, std::uint32_t next_file);
    // Labels `barcode` into the pool (new, recycled, borrowed) and leaves it open at file 1;
    // the tape work without `lock`.
    Result<MountedVolume> try_label(std::size_t index, const std::string& barcode,
                                    media::Overwrite overwrite, const std::string& reason,
                                    std::unique_lock<std::mutex>& lock);
    // Whether the pool's limits still let volume `id` take this job; marks it 'used' if not.
    Result<bool> within_limits(std::int64_t id);
    Status count_job(std::int64_t id);
    void warn(const std::string& msg);

    device::Library& lib_;
    catalog::Db& db_;
    PoolInfo pool_;
    std::optional<media::Pool> policy_; // the pool's limits, read on first acquire
    std::uint32_t block_size_;
    Clock& clock_;
    std::string engine_version_;
    mutable std::mutex mutex_;
    std::set<std::string> in_use_;                  // barcodes mounted by this job's drives
    std::set<std::string> skipped_;                 // cartridges found unusable during this job
    std::set<std::int64_t> counted_;                // volumes whose job count includes this job
    std::map<std::string, std::uint32_t> ended_at_; // barcode -> next tape file after our writes
    std::vector<std::string> warnings_;
    Reservation* grant_ = nullptr;
    std::optional<Wait> wait_;
    std::size_t drives_waiting_ = 0;
};

} // namespace tl::job
