#include "device/tape_timing.h"

#include <algorithm>
#include <cmath>

namespace tl::device {

namespace {
std::chrono::nanoseconds nonnegative_ns(double s) {
    return std::chrono::nanoseconds(static_cast<std::int64_t>(std::max(0.0, s) * 1e9));
}
} // namespace

std::chrono::nanoseconds TapeTiming::mechanical(double model_seconds) const {
    return nonnegative_ns(model_seconds / c_.time_scale);
}

TapePoint TapeTiming::point(std::uint64_t bytes) const {
    const auto& t = c_.type;
    if (t.wraps <= 0 || t.native_capacity == 0) return {};
    const double model = static_cast<double>(bytes) / c_.rate_scale;
    const double per_wrap = static_cast<double>(t.native_capacity) / t.wraps;
    const int wrap = std::min(t.wraps - 1, static_cast<int>(model / per_wrap));
    const double along = std::min(1.0, (model - wrap * per_wrap) / per_wrap);
    // Serpentine: even wraps run from BOT towards EOT, odd ones back.
    return {wrap, (wrap % 2 == 0 ? along : 1.0 - along) * t.tape_length_m};
}

double TapeTiming::locate_model_seconds(std::uint64_t from_bytes, std::uint64_t to_bytes) const {
    const auto& t = c_.type;
    const TapePoint a = point(from_bytes), b = point(to_bytes);
    const double metres = std::fabs(a.metres - b.metres);
    const bool other_wrap = a.wrap != b.wrap;
    if (metres == 0 && !other_wrap) return 0;
    const double travel = t.locate_speed_mps > 0 ? metres / t.locate_speed_mps : 0;
    // Short moves (under a metre) need no high-speed run and no settling.
    const double settle = metres >= 1.0 || other_wrap ? t.settle_s : 0;
    return settle + travel + (other_wrap ? t.wrap_change_s : 0);
}

std::chrono::nanoseconds TapeTiming::locate(std::uint64_t from_bytes,
                                            std::uint64_t to_bytes) const {
    return mechanical(locate_model_seconds(from_bytes, to_bytes));
}

std::chrono::nanoseconds TapeTiming::load() const {
    return mechanical(c_.type.load_s);
}

std::chrono::nanoseconds TapeTiming::unload(std::uint64_t at_bytes) const {
    return mechanical(locate_model_seconds(at_bytes, 0) + c_.type.unload_s);
}

std::chrono::nanoseconds TapeTiming::read(std::uint64_t bytes) const {
    const double rate = c_.type.native_rate * c_.rate_scale;
    return rate > 0 ? nonnegative_ns(static_cast<double>(bytes) / rate)
                    : std::chrono::nanoseconds{0};
}

std::chrono::nanoseconds TapeTiming::cleaning() const {
    return mechanical(c_.type.cleaning_s);
}

StreamingConfig TapeTiming::streaming() const {
    StreamingConfig s;
    s.rate = c_.type.native_rate * c_.rate_scale;
    s.buffer = c_.type.buffer * c_.rate_scale;
    s.reposition_s = c_.type.reposition_s / c_.time_scale;
    s.start_fill = c_.type.start_fill;
    for (double step : c_.type.speed_steps)
        s.steps.push_back(step * c_.rate_scale);
    return s;
}

std::uint64_t TapeTiming::capacity() const {
    return static_cast<std::uint64_t>(static_cast<double>(c_.type.native_capacity) * c_.rate_scale);
}

Result<TapeTimingConfig> timing_config(const nlohmann::json& model) {
    if (!model.is_object() || !model.contains("type") || !model["type"].is_string())
        return make_error(ErrorKind::InvalidArgument,
                          "drive model config needs a \"type\" (lto8 or lto9)");
    auto type = find_drive_type(model["type"].get<std::string>());
    if (!type) return type.error();
    TapeTimingConfig c{type.value(), model.value("time_scale", 1.0),
                       model.value("rate_scale", 1.0)};
    if (!(c.time_scale > 0) || !(c.rate_scale > 0) || c.rate_scale > 1)
        return make_error(ErrorKind::InvalidArgument,
                          "drive model " + c.type.name +
                              ": time scale must be above 0 and rate scale in (0, 1]");
    if (model.contains("buffer")) c.type.buffer = model.value("buffer", c.type.buffer);
    if (!(c.type.buffer > 0))
        return make_error(ErrorKind::InvalidArgument,
                          "drive model " + c.type.name + ": the buffer must be above 0 bytes");
    return c;
}

nlohmann::json to_json(const TapeTimingConfig& c) {
    return {{"type", c.type.name},
            {"time_scale", c.time_scale},
            {"rate_scale", c.rate_scale},
            {"buffer", c.type.buffer}};
}

} // namespace tl::device
