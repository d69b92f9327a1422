#pragma once
// The report of a job, as the seeds report a run: bytes and files per session and per drive,
// elapsed time and, apart, the time it waited for drives or volumes other jobs held, the wall
// rate (bytes on tape / the time it worked, start to finish, mounts and labeling included) and the
// sustained rate (docs/metrics.md), CPU, memory, compression, volumes and warnings. Stored in the
// catalog as JSON and printed by the CLI.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tl::job {

struct SessionReport {
    std::int64_t saveset_id = 0;
    std::string source;
    std::string drive;
    std::uint64_t bytes = 0;  // read from the source
    std::uint64_t stored = 0; // stream bytes on tape (framing, compression)
    std::uint64_t files = 0;
    std::string status; // completed | warnings | failed
    std::string error;
};

// When this drive's parts of the job happened, in seconds since the job started (< 0: not
// reached or not known): the trace behind a bench's data rate (docs/benchmarks.md). Written by
// the drive thread, read once it has ended.
struct DriveTimes {
    double mount_start = -1; // the first volume asked of the volume manager
    double mounted = -1;     // loaded, its label read, positioned: ready to write
    double first_block = -1; // the first block handed to the drive
    double tape_start = -1;  // its tape first moved writing (a streaming model only)
    double last_block = -1;  // the last block the drive accepted
    double on_tape = -1;     // the closing synchronous filemark returned: every byte on tape
    double released = -1;    // the volume closed and given back
};

struct DriveReport {
    std::string name;
    std::uint64_t bytes = 0;  // block bytes written or read (headers and padding included)
    std::uint64_t blocks = 0; // the blocks behind `bytes`, data and control alike
    std::vector<std::string> volumes;
    std::uint64_t shoeshine_events = 0; // repositions because the buffer ran dry (shoe-shine)
    std::uint64_t sync_restarts = 0;    // repositions after a synchronous filemark
    double lowest_speed = 0; // a drive model's lowest speed step used, bytes/s (0 = no model)
    double tape_seconds = 0; // how long a streaming model's tape moved writing (0 = no model)
    double busy_seconds = 0;
    DriveTimes times;
    // Drive health (TapeAlert flags) seen while the job used the drive: "NN name (severity)".
    std::vector<std::string> alerts;
};

// Restores (issue 39): how one volume was read - the passes over it, the locates, short steps
// back within the read-ahead, the positioning time (load, locate, unload; model seconds under a
// drive model, else clock seconds) - and, under a drive model, the plan's figures against the
// actual (positioning counted by the drive plus its bytes at the type's rate; model seconds).
struct VolumeReadReport {
    std::string barcode;
    std::uint64_t passes = 0, locates = 0, back_steps = 0;
    double positioning_seconds = 0;
    std::uint64_t planned_passes = 0, planned_locates = 0;
    double planned_seconds = 0, actual_seconds = 0;
};

struct JobReport {
    std::int64_t job_id = 0;
    std::string kind = "backup";
    std::string status; // completed | warnings | partial | failed | cancelled
    std::string error;
    long long started = 0, ended = 0; // unix seconds
    double elapsed = 0;               // seconds, from the job's row to its end
    // Of `elapsed`, the seconds the job waited for drives or volumes other jobs held before it
    // could work; the rates are over the rest (working_seconds()).
    double waited = 0;
    // Seconds since the start when the job's drives were reserved (< 0: not recorded).
    double reserved_at = -1;
    // Backups: when every drive's first sessions were opened (their save sets recorded, their
    // readers reading), before any drive asked for a volume (< 0: not recorded).
    double sessions_started_at = -1;
    std::uint64_t bytes = 0;  // source bytes
    std::uint64_t stored = 0; // stream bytes
    std::uint64_t tape_bytes = 0;
    std::uint64_t files = 0;
    double wall_rate = 0;      // tape bytes / working seconds, bytes per second
    double sustained_rate = 0; // bytes per second (docs/metrics.md)
    bool sustained_steady = false;
    double cpu_seconds = 0;
    double cpu_utilization = 0; // of the whole machine, percent
    std::uint64_t peak_rss = 0;
    double compression_ratio = 1; // source bytes / stream bytes
    // Backups: the compression asked for ("none", "lz4", "zstd:9"...); "" for other jobs and
    // for reports stored before it was recorded.
    std::string codec;
    std::size_t block_size = 0;
    std::size_t sessions_per_drive = 0;
    std::vector<std::string> volumes;
    std::vector<std::string> warnings;
    // Restores: how the restored data reached the disk (end | file | none, RestoreWriter's
    // SyncMode) and the seconds the final sync took (in `elapsed`). "" for other jobs.
    std::string sync;
    double sync_seconds = 0;
    std::vector<SessionReport> sessions;
    std::vector<DriveReport> drives;
    // Restores: the order of the positioned reads (position | catalog), per volume how it was
    // read, and under a drive model ("" = none) the planned and actual drive time, summed.
    std::string read_order;
    std::vector<VolumeReadReport> volume_reads;
    std::string drive_model;
    double planned_seconds = 0, actual_seconds = 0;
    double poll_interval = 1;
    std::vector<double> sample_times;               // seconds since start
    std::vector<std::vector<double>> drive_samples; // [drive][sample] bytes per second
};

// elapsed - waited: the time the job worked.
double working_seconds(const JobReport& r);
// `bytes` over the time the job worked (0 when it did not).
double rate_over_work(const JobReport& r, std::uint64_t bytes);
// Whether the job has a rate at all: it moved data (bytes > 0) in a measured time. A job that
// moved none has neither a wall nor a sustained rate (stored as 0, shown as "-").
bool has_rate(const JobReport& r);

// A drive's trace as JSON: the moments it reached ("mounted_s", ...), seconds since the start.
nlohmann::json times_json(const DriveTimes& t);
nlohmann::json to_json(const JobReport& r);
JobReport report_from_json(const nlohmann::json& j);
// Human-readable, for the CLI.
std::string format_report(const JobReport& r);

} // namespace tl::job
