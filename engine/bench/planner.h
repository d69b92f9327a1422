#pragma once
// `tapeloom-cli plan`: what a multiplexed backup would sustain, from the host-side buffer model
// of tape-notes §4.3, before any tape moves. Per drive, the K interleaved sources offer
// r = K x source rate; a drive offered r >= R streams at R (the sources are back-pressured);
// below R it shoe-shines: each cycle fills the buffer, repositions (T_r), drains, giving
//     effective = r / (1 + T_r r (R - r) / (B R)),  cycle = B R / (r (R - r)) + T_r.
// Restoring one stream of a K-way interleave reads all K streams' blocks (§4.4), so the
// restore takes about K times as long as from a non-multiplexed tape.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::bench {

// One drive fed at `offered` bytes/s by one or more sources (all rates in bytes per second,
// buffer in bytes, reposition in seconds).
struct DriveModel {
    double offered = 0;
    double effective = 0;     // what the drive (and so the host) sustains
    bool streams = false;     // offered >= drive rate: no backhitch
    double cycle_seconds = 0; // one backhitch per cycle (0 when streaming or idle)
    double backhitches_per_hour = 0;
};

// With speed matching (lowest_step > 0, a drive model's lowest step): any offered rate from the
// lowest step up streams at min(offered, drive rate); below it the drive runs at the lowest
// step and shoe-shines as above with R = lowest_step.
DriveModel model_drive(double offered, double drive_rate, double buffer, double reposition_s,
                       double lowest_step = 0);

struct PlanInput {
    double source_rate = 0;   // bytes/s of one source
    std::size_t sessions = 1; // sources to back up
    double drive_rate = 0;    // native rate R, bytes/s
    std::size_t drives = 1;
    std::size_t sessions_per_drive = 0; // K; 0 = ceil(sessions / drives)
    double buffer = 64e6;               // drive buffer B_d, bytes
    double reposition_s = 3.0;          // T_r
    double lowest_step = 0;             // speed matching down to this rate; 0 = none
    std::string drive_model;            // "lto9" when the figures are a drive type's
};

struct PlanDrive {
    std::size_t drive = 0;
    std::size_t sessions = 0; // interleaved on this drive at once
    DriveModel model;
    double per_source = 0; // what each of its sources actually delivers
};

struct Plan {
    PlanInput input;
    std::size_t k = 0;      // sessions per drive used
    std::size_t queued = 0; // sessions that wait for a free slot (sessions > drives x K)
    std::vector<PlanDrive> drives;
    double total = 0;           // sum of the drives' effective rates
    double restore_penalty = 1; // ≈ the largest interleave on one drive
    std::uint64_t backhitches_per_hour = 0;
};

Result<Plan> make_plan(const PlanInput& in);

nlohmann::json to_json(const Plan& p);
std::string format_plan(const Plan& p);

} // namespace tl::bench
