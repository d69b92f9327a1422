#pragma once
// The virtual library's timing model of one drive type (docs/devices.md "Drive models"): what
// a load, an unload (with its rewind), a locate, a read and a cleaning take, and the streaming
// model of the write path with the type's speed-matching steps. Two scales make it usable in
// tests and demos: `time_scale` divides the mechanical times (load, unload, locate, rewind,
// backhitch, cleaning); `rate_scale` shrinks the data path (rates, buffer, capacity) so a test
// host can feed it - the time to fill or drain the buffer stays that of the real drive. A
// position in real bytes maps to the tape as real bytes / rate_scale. Durations returned are
// what to sleep on the injected clock.
#include <chrono>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "device/drive_type.h"
#include "device/streaming_model.h"

namespace tl::device {

struct TapeTimingConfig {
    DriveType type;
    double time_scale = 1; // mechanical times pass this many times faster
    double rate_scale = 1; // the data path's rates and sizes, times this
};

// A place on the serpentine tape: the wrap and the distance from the BOT end, in metres.
struct TapePoint {
    int wrap = 0;
    double metres = 0;
};

class TapeTiming {
public:
    explicit TapeTiming(TapeTimingConfig c) : c_(std::move(c)) {}

    const DriveType& type() const { return c_.type; }
    const TapeTimingConfig& config() const { return c_; }
    TapePoint point(std::uint64_t bytes) const;

    std::chrono::nanoseconds load() const;
    std::chrono::nanoseconds unload(std::uint64_t at_bytes) const; // rewind, then unload
    std::chrono::nanoseconds locate(std::uint64_t from_bytes, std::uint64_t to_bytes) const;
    std::chrono::nanoseconds read(std::uint64_t bytes) const; // streaming at the native rate
    std::chrono::nanoseconds cleaning() const;
    // Unscaled seconds of a locate, for plans that state model time.
    double locate_model_seconds(std::uint64_t from_bytes, std::uint64_t to_bytes) const;

    StreamingConfig streaming() const;
    std::uint64_t capacity() const; // the native capacity, times rate_scale

private:
    std::chrono::nanoseconds mechanical(double model_seconds) const;
    TapeTimingConfig c_;
};

// The model of a library's catalog config {"type": "lto9", "time_scale": 1, "rate_scale": 1,
// "buffer": bytes (optional, overrides the type's)}. InvalidArgument for a bad scale.
Result<TapeTimingConfig> timing_config(const nlohmann::json& model);
nlohmann::json to_json(const TapeTimingConfig& c);

} // namespace tl::device
