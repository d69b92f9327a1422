#pragma once
// `tapeloom-cli bench compression`: each codec on the same content, in the engine's 128 KiB
// frames, on one thread (a session compresses on one thread). The question it answers: can
// this host compress fast enough to keep a drive streaming? A drive needs `drive_rate` bytes
// of *compressed* data per second, so a codec that shrinks by `ratio` must take in at least
// drive_rate x ratio bytes of source per second (docs/benchmarks.md).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

struct CompressionBenchOptions {
    std::vector<std::string> paths;
    std::vector<std::string> codecs = {"none",   "lz4",    "zstd:1", "zstd:3",
                                       "zstd:9", "gzip:1", "gzip:6"};
    double drive_rate = 160e6;              // bytes per second (decimal, as drives are rated)
    std::uint64_t max_bytes = 256ull << 20; // content loaded into memory from the files' start
    std::size_t frame = 128u << 10;
    std::atomic<bool>* cancel = nullptr;
};

struct CodecResult {
    std::string codec;
    std::uint64_t bytes_in = 0;
    std::uint64_t bytes_out = 0; // a frame that does not shrink is stored raw (as the engine does)
    double seconds = 0;
    double cpu_seconds = 0;
    double ratio() const;                  // in / out
    double input_rate() const;             // bytes per second taken in
    bool streams(double drive_rate) const; // input_rate >= drive_rate x ratio
};

struct CompressionBenchResult {
    MachineInfo machine;
    double drive_rate = 0;
    std::uint64_t files = 0;
    std::uint64_t bytes = 0; // content compressed by each codec
    std::vector<CodecResult> codecs;
};

Result<CompressionBenchResult> run_compression_bench(const CompressionBenchOptions& o,
                                                     Clock& clock);
nlohmann::json to_json(const CompressionBenchResult& r);
std::string format_compression_bench(const CompressionBenchResult& r);

} // namespace tl::bench
