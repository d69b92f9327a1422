#pragma once
// The reservation book (docs/reservations.md): which job holds which drives of which library
// and which volumes, so that several jobs run at once in one engine without two of them using
// one drive or one cartridge. A job asks for everything it needs in one request; acquire()
// grants all of it at once or nothing, so two jobs never hold part of what the other waits for
// (no deadlock). A job that must wait says why through its callback ("waiting for a drive: 3 of
// 4 in use by jobs 17, 18") until it is granted or its cancel flag is set.
// The book lives in memory, one per Engine: a process that ends leaves no reservation behind.
// Thread-safety: every method may be called from any thread.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::job {

// The drives a job asks for: `indices` when named, else `count` drives (any free ones);
// `automatic`: as many free ones as there are, up to `count`, at least one.
struct DriveRequest {
    std::size_t count = 1;
    bool automatic = false;
    std::vector<std::size_t> indices;
};

struct ReservationRequest {
    // The job's catalog id; 0 for work without a jobs row (a label, a clone), which is then
    // shown by `job_name` ("label of TLO009L9").
    std::int64_t job_id = 0;
    std::string job_name;
    std::string library;            // its name
    std::size_t library_drives = 0; // drives the library has
    DriveRequest drives;
    std::vector<std::string> volumes; // barcodes it must read or write
    std::atomic<bool>* cancel = nullptr;
    // Called on the waiting thread with the reason whenever it changes, and with "" once the
    // request is granted after having waited.
    std::function<void(const std::string& reason)> on_wait;
    // Drives of the library no job may have (index -> why: a TapeAlert hardware fault), asked
    // on the requesting thread before each try and about once a second while it waits, so a
    // drive returned to service is seen. Empty: none.
    std::function<std::map<std::size_t, std::string>()> out_of_service;
};

class ReservationBook;

// What a job was granted; released when destroyed.
class Reservation {
public:
    Reservation(const Reservation&) = delete;
    Reservation& operator=(const Reservation&) = delete;
    ~Reservation();

    std::int64_t job_id() const { return job_id_; }
    const std::string& library() const { return library_; }
    // Granted drive indices, ascending.
    const std::vector<std::size_t>& drives() const { return drives_; }
    // Takes `barcode` too when no other job holds it (never waits); true when held now.
    bool try_add_volume(const std::string& barcode);
    // Gives a volume back early (e.g. a backup's full volume).
    void drop_volume(const std::string& barcode);
    bool holds_volume(const std::string& barcode) const;
    // Whether another job holds `barcode` now.
    bool held_by_other(const std::string& barcode) const;

private:
    friend class ReservationBook;
    Reservation(ReservationBook& book, std::uint64_t key, std::int64_t job_id, std::string library,
                std::vector<std::size_t> drives)
        : book_(book), key_(key), job_id_(job_id), library_(std::move(library)),
          drives_(std::move(drives)) {}
    ReservationBook& book_;
    std::uint64_t key_; // the book's own id of this grant
    std::int64_t job_id_;
    std::string library_;
    std::vector<std::size_t> drives_;
};

struct ReservationHolder {
    std::int64_t job_id = 0;
    std::string job_name;
    std::string library;
    std::vector<std::size_t> drives;
    std::vector<std::string> volumes;
};

struct ReservationWaiter {
    std::int64_t job_id = 0;
    std::string job_name;
    std::string library;
    std::string reason;
};

struct ReservationSnapshot {
    std::vector<ReservationHolder> holders; // by job id
    std::vector<ReservationWaiter> waiters; // in the order they asked
};

class ReservationBook {
public:
    ReservationBook() = default;
    ReservationBook(const ReservationBook&) = delete;
    ReservationBook& operator=(const ReservationBook&) = delete;

    // Blocks until everything asked for is free, then holds it for the job. InvalidArgument for
    // a request that can never be met (more drives than the library has, a drive it does not
    // have); Cancelled when the cancel flag was set
    // while waiting.
    Result<std::unique_ptr<Reservation>> acquire(const ReservationRequest& request);

    ReservationSnapshot snapshot() const;
    bool empty() const;

    // Held around each robot move sequence of `library` (job/job_reservation.h shared_robot),
    // so that the jobs' own Library objects never interleave their moves.
    std::mutex& robot(const std::string& library);

private:
    friend class Reservation;
    struct Held {
        std::uint64_t key = 0;
        std::int64_t job_id = 0;
        std::string job_name;
        std::string library;
        std::vector<std::size_t> drives;
        std::set<std::string> volumes;
    };
    struct Waiting {
        std::uint64_t ticket = 0;
        ReservationWaiter shown;
    };
    // The drives to grant now, or empty with `why` saying what is missing. Caller locks.
    std::vector<std::size_t> try_grant(const ReservationRequest& r,
                                       const std::map<std::size_t, std::string>& out_of_service,
                                       std::string& why) const;
    // Who holds `barcode` ("job 17"), "" when nobody but `except` does.
    std::string volume_holder(const std::string& barcode, std::uint64_t except) const;
    void release(std::uint64_t key);
    bool add_volume(std::uint64_t key, const std::string& barcode);
    void drop_volume(std::uint64_t key, const std::string& barcode);
    bool holds(std::uint64_t key, const std::string& barcode) const;
    Held* find(std::uint64_t key);

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Held> held_;
    std::vector<Waiting> waiting_;
    std::uint64_t next_ticket_ = 1;
    std::map<std::string, std::unique_ptr<std::mutex>> robots_;
};

// "job 17", "jobs 17, 18", "job 17, label of TLO009L9": the holders named in a waiting reason.
struct HolderName {
    std::int64_t job_id = 0;
    std::string job_name;
    bool operator==(const HolderName&) const = default;
};
std::string describe_holders(const std::vector<HolderName>& holders);

} // namespace tl::job
