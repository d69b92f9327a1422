#pragma once
// What a running job looks like at one poll: per drive, per session and for the whole job,
// cumulative counters plus the rates the JobMonitor derived from them. Published by the job
// process (LiveBoard) and read by `tapeloom-cli monitor` and the console's dashboard, which may
// be other processes: plain data with a JSON form. Rates are bytes per second; times seconds.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tl::metrics {

struct LiveDrive {
    std::string name;
    std::string volume;          // barcode loaded for this job, "" when none
    std::string state;           // activity_name(): writing, positioning, mounting, idle...
    std::uint64_t bytes = 0;     // block bytes written by this job (cumulative)
    std::uint64_t blocks = 0;    // blocks written by this job
    double rate = 0;             // over the last poll interval
    std::uint64_t shoeshine = 0; // stop/reposition events of the streaming model
    double buffer_fill = -1;     // drive buffer fill 0..1 (streaming model), -1 unknown
    std::uint64_t positioning_ops = 0;
    std::int64_t position = -1; // logical object number on the volume (blocks and filemarks)
                                // as of the drive's last operation; -1 unknown
    double seconds_writing = 0, seconds_positioning = 0, seconds_mounting = 0, seconds_idle = 0,
           seconds_waiting_media = 0;
};

struct LiveSession {
    std::string source;
    std::string drive;
    std::string state;        // reading, done, failed
    std::string current_file; // last file opened (file trees), "" otherwise
    std::string error;        // why a failed session failed, "" otherwise
    std::uint64_t bytes = 0;  // read from the source (cumulative)
    std::uint64_t stored = 0; // stream bytes after framing and compression
    std::uint64_t files = 0;
    double rate = 0; // source bytes per second over the last poll interval
};

// A block device the sources read from (their sessions summed).
struct LiveDevice {
    std::string name;        // "major:minor", or "cmd" for command pipes
    std::uint64_t bytes = 0; // read by this job (cumulative)
    double rate = 0;         // over the last poll interval
};

struct LiveSnapshot {
    std::int64_t job_id = 0;
    std::string kind = "backup";
    std::string name;
    long long pid = 0;
    std::uint64_t seq = 0;   // 1 for the first poll, +1 each poll
    bool ended = false;      // the last snapshot of a job
    std::string status;      // waiting, running, then the job's final status
    std::string waiting_for; // status "waiting": the drives or volumes it waits for and who
                             // holds them ("waiting for volume TLO001L9 (in use by job 3)")
    long long wall_time = 0; // unix seconds of this poll
    // Unix seconds (with fraction) the job started working, 0 unknown: after its waits for
    // drives or volumes, which were `seconds_waiting` long (its row started that much earlier).
    double started_at = 0;
    double seconds_waiting = 0;
    std::string level;      // backup level run: full, diff, incr ("" unknown)
    std::string level_note; // why the level differs from the one asked for (a promotion)
    double elapsed = 0;     // seconds the job has worked (monotonic; 0 while it waits)
    double poll_interval = 1;
    std::uint64_t source_bytes = 0, tape_bytes = 0, files = 0;
    std::uint64_t total_bytes = 0;  // expected source bytes (from the last run), 0 unknown
    double wall_rate = 0;           // tape bytes / elapsed
    double sustained_rate = 0;      // docs/metrics.md, over the samples so far
    double eta_seconds = -1;        // -1 unknown
    double process_cpu_percent = 0; // the job process, % of one core, last interval
    std::uint64_t rss_bytes = 0;
    std::vector<double> cpu_busy; // per CPU, percent, last interval
    double cpu_iowait = 0;        // whole machine, percent
    std::vector<LiveDrive> drives;
    std::vector<LiveSession> sessions;
    std::vector<LiveDevice> devices;
};

nlohmann::json to_json(const LiveSnapshot& s);
// Missing fields keep their defaults, so older or newer writers stay readable.
LiveSnapshot snapshot_from_json(const nlohmann::json& j);

} // namespace tl::metrics
