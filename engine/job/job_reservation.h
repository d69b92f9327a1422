#pragma once
// A job's hold on drives and volumes (context/reservations.h) as the jobs use it: reserve() asks
// the engine's book and records a wait in the job's catalog row (status 'waiting' with the reason,
// back to 'running' once granted); the JobDrives it returns closes the granted drives when it
// ends, before the grant is given back (their cartridges stay loaded, as after any job).
// shared_robot() makes the robot moves of every job on one library go one sequence at a time.
// Thread-safety: a JobDrives belongs to its job's thread; its drives() may be read by the
// job's worker threads.
#include <memory>
#include <string>
#include <vector>

#include "context/engine.h"
#include "context/reservations.h"
#include "device/library.h"

namespace tl::job {

class JobDrives {
public:
    JobDrives(std::unique_ptr<Reservation> grant, device::Library& library)
        : grant_(std::move(grant)), library_(library) {}
    JobDrives(const JobDrives&) = delete;
    JobDrives& operator=(const JobDrives&) = delete;
    ~JobDrives();

    const std::vector<std::size_t>& drives() const { return grant_->drives(); }
    std::size_t drive(std::size_t i) const { return grant_->drives().at(i); }
    Reservation& grant() { return *grant_; }
    device::Library& library() { return library_; }

private:
    std::unique_ptr<Reservation> grant_;
    device::Library& library_;
};

// What to ask for besides the library (filled in from `library`).
struct JobNeeds {
    std::int64_t job_id = 0; // its jobs row, 0 for work without one (label, clone)
    std::string job_name;    // shown when job_id is 0 ("label of TLO009L9")
    DriveRequest drives;
    std::vector<std::string> volumes;
    std::atomic<bool>* cancel = nullptr;
    // Called on the waiting thread, after the row says so, with each reason the job waits for
    // and "" once granted after a wait (optional).
    std::function<void(const std::string& reason)> on_wait;
    bool even_out_of_service = false; // a cleaning: a drive out of service may be used
};

// `library` with its mount() and unmount() serialized against every other job of `engine` on
// the same library: a move sequence (unload the drive, take the cartridge out of another idle
// drive, load it) reads the changer's inventory and acts on it with no other job's move in
// between. The other calls go straight through.
std::unique_ptr<device::Library> shared_robot(Engine& engine,
                                              std::unique_ptr<device::Library> library);

// "0, 1": drive indices for log lines and reports.
std::string describe_drives(const std::vector<std::size_t>& drives);

// Blocks until granted (see ReservationBook::acquire for the errors). A job with a row shows
// 'waiting' and the reason there while it waits.
Result<std::unique_ptr<JobDrives>> reserve(Engine& engine, device::Library& library,
                                           const JobNeeds& needs);

} // namespace tl::job
