#include "bench/planner.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "common/units.h"

namespace tl::bench {

DriveModel model_drive(double offered, double drive_rate, double buffer, double reposition_s,
                       double lowest_step) {
    DriveModel m;
    m.offered = offered;
    if (offered <= 0) return m; // an idle drive
    const double matched_down_to = lowest_step > 0 ? std::min(lowest_step, drive_rate) : drive_rate;
    if (offered >= matched_down_to) {
        m.streams = true;
        m.effective = std::min(offered, drive_rate);
        return m;
    }
    const double r = offered, R = matched_down_to;
    m.effective = r / (1 + reposition_s * r * (R - r) / (buffer * R));
    m.cycle_seconds = buffer * R / (r * (R - r)) + reposition_s;
    m.backhitches_per_hour = reposition_s > 0 ? 3600.0 / m.cycle_seconds : 0;
    return m;
}

Result<Plan> make_plan(const PlanInput& in) {
    if (in.source_rate <= 0 || in.drive_rate <= 0 || in.buffer <= 0 || in.reposition_s < 0 ||
        in.sessions == 0 || in.drives == 0)
        return make_error(ErrorKind::InvalidArgument,
                          "plan needs rates, buffer, sessions and drives above zero");
    Plan p;
    p.input = in;
    p.k = in.sessions_per_drive ? in.sessions_per_drive : (in.sessions + in.drives - 1) / in.drives;
    // Sessions are dealt over the drives as the engine deals sources: round robin, at most K
    // at once per drive; the rest wait (and do not add to the offered rate now).
    const std::size_t active = std::min(in.sessions, in.drives * p.k);
    p.queued = in.sessions - active;
    for (std::size_t d = 0; d < in.drives; ++d) {
        PlanDrive pd;
        pd.drive = d;
        pd.sessions = active / in.drives + (d < active % in.drives ? 1 : 0);
        pd.model = model_drive(static_cast<double>(pd.sessions) * in.source_rate, in.drive_rate,
                               in.buffer, in.reposition_s, in.lowest_step);
        pd.per_source = pd.sessions ? pd.model.effective / static_cast<double>(pd.sessions) : 0;
        p.total += pd.model.effective;
        p.restore_penalty = std::max(p.restore_penalty, static_cast<double>(pd.sessions));
        p.backhitches_per_hour +=
            static_cast<std::uint64_t>(std::llround(pd.model.backhitches_per_hour));
        p.drives.push_back(pd);
    }
    return p;
}

nlohmann::json to_json(const Plan& p) {
    nlohmann::json drives = nlohmann::json::array();
    for (const auto& d : p.drives)
        drives.push_back({{"drive", d.drive},
                          {"sessions", d.sessions},
                          {"offered_mb_s", d.model.offered / 1e6},
                          {"effective_mb_s", d.model.effective / 1e6},
                          {"per_source_mb_s", d.per_source / 1e6},
                          {"streams", d.model.streams},
                          {"cycle_s", d.model.cycle_seconds},
                          {"backhitches_per_hour", d.model.backhitches_per_hour}});
    const auto& in = p.input;
    return {{"model", "tape-notes 4.3: effective = r / (1 + T_r r (R - r) / (B R))"},
            {"input",
             {{"source_rate_mb_s", in.source_rate / 1e6},
              {"sessions", in.sessions},
              {"drive_rate_mb_s", in.drive_rate / 1e6},
              {"drives", in.drives},
              {"sessions_per_drive", p.k},
              {"buffer_mb", in.buffer / 1e6},
              {"reposition_s", in.reposition_s},
              {"drive_model", in.drive_model},
              {"lowest_step_mb_s", in.lowest_step / 1e6}}},
            {"drives", drives},
            {"queued_sessions", p.queued},
            {"total_sustained_mb_s", p.total / 1e6},
            {"total_sustained_gb_h", p.total * 3600 / 1e9},
            {"backhitches_per_hour", p.backhitches_per_hour},
            {"restore_penalty", p.restore_penalty}};
}

std::string format_plan(const Plan& p) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    const auto& in = p.input;
    o << "Plan (tape-notes 4.3 model): " << in.sessions << " source(s) at "
      << format_rate(in.source_rate) << ", " << in.drives << " drive(s) at "
      << format_rate(in.drive_rate) << ", K = " << p.k << ", buffer " << in.buffer / 1e6
      << " MB, reposition " << in.reposition_s << " s";
    if (in.lowest_step > 0)
        o << ", " << (in.drive_model.empty() ? "" : in.drive_model + " ")
          << "speed matching down to " << format_rate(in.lowest_step);
    o << "\n";
    o << "  drive  sessions  offered MB/s  effective MB/s  per source MB/s  streams  "
         "backhitches/h\n";
    for (const auto& d : p.drives) {
        o << "  ";
        o.width(5);
        o << std::left << d.drive << std::right;
        o.width(10);
        o << d.sessions;
        o.width(14);
        o << d.model.offered / 1e6;
        o.width(16);
        o << d.model.effective / 1e6;
        o.width(17);
        o << d.per_source / 1e6;
        o << (d.model.streams ? "      yes" : "       no");
        o.width(15);
        o << d.model.backhitches_per_hour << "\n";
    }
    o << "  total sustained: " << p.total / 1e6 << " MB/s (" << p.total * 3600 / 1e9 << " GB/h), "
      << p.backhitches_per_hour << " backhitches per hour";
    if (p.queued) o << ", " << p.queued << " session(s) queued until a slot frees";
    o << "\n  restore of one source reads the whole interleave: about " << p.restore_penalty
      << "x the time from a non-multiplexed tape\n";
    return o.str();
}

} // namespace tl::bench
