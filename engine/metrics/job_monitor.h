#pragma once
// Turns a job's cumulative counters, collected at each poll, into what the administrator sees:
// rates from deltas over monotonic time (the one place they are derived), the wall and the
// sustained rate so far, the time left when the job's size is known, the machine's per-CPU
// utilization and the job process's CPU and memory. Each poll is published on the LiveBoard
// and appended to the job's series. Used by one thread (the job's monitor loop).
#include <memory>
#include <optional>
#include <vector>

#include "metrics/cpu_stat.h"
#include "metrics/live_board.h"
#include "metrics/live_snapshot.h"
#include "metrics/process_cpu.h"
#include "metrics/series.h"

namespace tl::metrics {

class JobMonitor {
public:
    // `board` may be null (nothing published). `proc_stat_path` is injectable for tests.
    JobMonitor(const LiveBoard* board, std::string proc_stat_path = "/proc/stat");

    // `counters`: identity and cumulative fields filled in by the job (names, states, bytes,
    // blocks, files, shoe-shine, buffer fill, state seconds); `elapsed`: seconds since the job
    // started. Fills in rates and job figures, records a sample and publishes. A `final` poll
    // closer than 5% of the interval to the previous one is published but not recorded as a
    // sample (its rate would be noise). Returns the completed snapshot.
    LiveSnapshot poll(LiveSnapshot counters, double elapsed, long long wall_time, bool final);

    // The next snapshot is numbered `seq` + 1 (after snapshots published before this monitor).
    void continue_after(std::uint64_t seq) { seq_ = seq; }

    const SeriesSet& series() const { return series_; }
    // The summed per-drive rate series (input of the sustained rate).
    const std::vector<double>& total_rate() const { return total_; }
    // Per drive, bytes per second per sample (for the job report).
    std::vector<std::vector<double>> drive_rates() const;

private:
    struct Rates {
        double total = 0;  // summed drive rates
        double source = 0; // summed session (source) rates
    };
    // Each item's rate from its bytes since the last recorded poll; the job's byte totals.
    Rates fill_rates(LiveSnapshot& s, double dt) const;
    // The wall rate and the time left.
    static void fill_progress(LiveSnapshot& s, double elapsed);
    // The machine's per-CPU use and this process's CPU and memory; the machine's sample, if
    // there was an earlier reading to compare with.
    std::optional<CpuSample> fill_cpu(LiveSnapshot& s);
    // Appends the snapshot to the series; it becomes the base of the next poll's rates.
    void record(const LiveSnapshot& s, const Rates& r, const std::optional<CpuSample>& cpu);
    Series& series_named(const std::string& name, const std::string& unit);

    const LiveBoard* board_;
    std::string proc_stat_path_;
    std::optional<CpuReading> last_cpu_;
    ProcessCpuMeter process_cpu_;
    std::optional<LiveSnapshot> last_;
    double last_elapsed_ = 0;
    std::uint64_t seq_ = 0;
    SeriesSet series_;
    std::vector<double> total_;
};

} // namespace tl::metrics
