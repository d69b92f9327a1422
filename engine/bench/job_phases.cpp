#include "bench/job_phases.h"

#include <algorithm>
#include <cstdio>

#include "common/units.h"

namespace tl::bench {

namespace {

void lowest(double& into, double v) {
    if (v >= 0 && (into < 0 || v < into)) into = v;
}

void highest(double& into, double v) {
    if (v >= 0 && v > into) into = v;
}

double share(double rate, double of) {
    return of > 0 ? 100.0 * rate / of : 0;
}

} // namespace

double JobPhases::data_rate() const {
    const double s = data_seconds();
    return known && s > 0 ? static_cast<double>(tape_bytes) / s : 0;
}

JobPhases job_phases(const job::JobReport& r) {
    JobPhases p;
    p.reserved = r.reserved_at;
    p.end = r.elapsed;
    p.tape_bytes = r.tape_bytes;
    bool any = false, complete = true;
    for (const auto& d : r.drives) {
        if (d.blocks == 0) continue;
        const auto& t = d.times;
        any = true;
        complete = complete && t.first_block >= 0 && t.on_tape >= 0;
        lowest(p.mount_first, t.mount_start);
        highest(p.mounted_last, t.mounted);
        lowest(p.first_block, t.first_block);
        highest(p.first_block_last, t.first_block);
        lowest(p.tape_start_first, t.tape_start);
        highest(p.tape_start_last, t.tape_start);
        highest(p.on_tape, t.on_tape);
        highest(p.released, t.released);
        if (t.first_block >= 0 && t.on_tape > t.first_block)
            p.drives_data_rate += static_cast<double>(d.bytes) / (t.on_tape - t.first_block);
    }
    p.known = any && complete;
    return p;
}

nlohmann::json to_json(const JobPhases& p, double drives_rate) {
    if (!p.known) return {{"known", false}};
    nlohmann::json j = {{"known", true},
                        {"reserved_s", p.reserved},
                        {"mount_first_s", p.mount_first},
                        {"mounted_last_s", p.mounted_last},
                        {"first_block_s", p.first_block},
                        {"first_block_last_s", p.first_block_last},
                        {"on_tape_s", p.on_tape},
                        {"released_s", p.released},
                        {"end_s", p.end},
                        {"before_data_s", p.before_data()},
                        {"data_s", p.data_seconds()},
                        {"after_data_s", p.after_data()},
                        {"drives_data_mb_s", p.drives_data_rate / 1e6},
                        {"drives_data_pct", share(p.drives_data_rate, drives_rate)},
                        {"job_data_mb_s", p.data_rate() / 1e6},
                        {"job_data_pct", share(p.data_rate(), drives_rate)}};
    if (p.tape_start_first >= 0) {
        j["tape_start_first_s"] = p.tape_start_first;
        j["tape_start_last_s"] = p.tape_start_last;
    }
    return j;
}

std::string format_phases(const JobPhases& p, double drives_rate, double wall_rate) {
    char line[512];
    std::string o;
    if (!p.known) return "    time   : no drive trace (null drives or a failed drive)\n";
    std::snprintf(line, sizeof line,
                  "    time   : %.3f s before the data (drives reserved at %.3f s, mounts "
                  "%.3f..%.3f s: load, thread, label, position; first block %.3f s, last "
                  "drive's %.3f s)\n",
                  p.before_data(), p.reserved, p.mount_first, p.mounted_last, p.first_block,
                  p.first_block_last);
    o += line;
    std::snprintf(line, sizeof line,
                  "             %.3f s of data (first block handed to a drive to the last byte "
                  "on tape at %.3f s",
                  p.data_seconds(), p.on_tape);
    o += line;
    if (p.tape_start_first >= 0) {
        std::snprintf(line, sizeof line, "; tapes started %.3f..%.3f s", p.tape_start_first,
                      p.tape_start_last);
        o += line;
    }
    std::snprintf(line, sizeof line,
                  ")\n             %.3f s after it (volumes released by %.3f s, catalog, job end "
                  "%.3f s)\n",
                  p.after_data(), p.released, p.end);
    o += line;
    std::snprintf(line, sizeof line,
                  "    rate   : drives' data %s = %.1f %% of their %s (each drive's first block "
                  "to its last byte on tape, summed)\n             job's data %s = %.1f %%; job "
                  "wall %s = %.1f %%\n",
                  format_rate(p.drives_data_rate).c_str(), share(p.drives_data_rate, drives_rate),
                  format_rate(drives_rate).c_str(), format_rate(p.data_rate()).c_str(),
                  share(p.data_rate(), drives_rate), format_rate(wall_rate).c_str(),
                  share(wall_rate, drives_rate));
    o += line;
    return o;
}

std::string format_drive_times(const job::JobReport& r) {
    std::string o;
    char line[512];
    for (const auto& d : r.drives) {
        const auto& t = d.times;
        std::snprintf(line, sizeof line,
                      "    %s: mount %.3f..%.3f, first block %.3f, tape %.3f, last block %.3f, "
                      "on tape %.3f, released %.3f s (tape moved %.3f s)\n",
                      d.name.c_str(), t.mount_start, t.mounted, t.first_block, t.tape_start,
                      t.last_block, t.on_tape, t.released, d.tape_seconds);
        o += line;
    }
    return o;
}

} // namespace tl::bench
