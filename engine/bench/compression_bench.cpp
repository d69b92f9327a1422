#include "bench/compression_bench.h"

#include <cerrno>
#include <cstring>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

#include "bench/passes.h"
#include "bench/report_util.h"
#include "codec/compressor.h"
#include "common/units.h"

namespace tl::bench {

namespace {

// The content, read once into memory so the codecs are timed without any I/O.
Result<std::vector<char>> load(const std::vector<std::string>& files, std::uint64_t max) {
    std::vector<char> data;
    std::vector<char> buf(2u << 20);
    for (const auto& f : files) {
        if (data.size() >= max) break;
        const int fd = ::open(f.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return make_error(ErrorKind::Io, "cannot open " + f + ": " + std::strerror(errno));
        for (;;) {
            const ssize_t n = ::read(fd, buf.data(), buf.size());
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                const std::string msg = "cannot read " + f + ": " + std::strerror(errno);
                ::close(fd);
                return make_error(ErrorKind::Io, msg);
            }
            if (n == 0) break;
            const auto take = static_cast<std::size_t>(
                std::min<std::uint64_t>(static_cast<std::uint64_t>(n), max - data.size()));
            data.insert(data.end(), buf.data(), buf.data() + take);
            if (data.size() >= max) break;
        }
        ::close(fd);
    }
    return data;
}

Result<CodecResult> run_codec(const std::string& name, const std::vector<char>& data,
                              std::size_t frame, Clock& clock) {
    auto spec = codec::parse_codec_spec(name);
    if (!spec) return spec.error();
    codec::Compressor c(spec.value());
    std::vector<char> out(codec::Compressor::bound(frame));
    CodecResult r;
    r.codec = spec->str();
    const PassTiming timing{clock};
    for (std::size_t off = 0; off < data.size(); off += frame) {
        const std::size_t n = std::min(frame, data.size() - off);
        auto z = c.compress(data.data() + off, n, out.data(), out.size());
        if (!z) return z.error();
        // 0: not smaller, stored raw; the copy is what storing it costs, for every codec alike.
        if (z.value() == 0) std::memcpy(out.data(), data.data() + off, n);
        r.bytes_out += z.value() ? z.value() : n;
        r.bytes_in += n;
    }
    r.seconds = timing.seconds();
    r.cpu_seconds = timing.cpu_seconds();
    return r;
}

} // namespace

double CodecResult::ratio() const {
    return bytes_out ? static_cast<double>(bytes_in) / static_cast<double>(bytes_out) : 1.0;
}
double CodecResult::input_rate() const {
    return seconds > 0 ? static_cast<double>(bytes_in) / seconds : 0.0;
}
bool CodecResult::streams(double drive_rate) const {
    return input_rate() >= drive_rate * ratio();
}

Result<CompressionBenchResult> run_compression_bench(const CompressionBenchOptions& o,
                                                     Clock& clock) {
    CompressionBenchResult r;
    r.machine = read_machine_info(clock);
    r.drive_rate = o.drive_rate;
    for (const auto& name : o.codecs) // a typo fails before minutes of compressing
        if (auto s = codec::parse_codec_spec(name); !s) return s.error();
    auto files = list_files(o.paths);
    if (!files) return files.error();
    auto data = load(files.value(), o.max_bytes);
    if (!data) return data.error();
    if (data->empty()) return make_error(ErrorKind::InvalidArgument, "the paths hold no data");
    r.files = files->size();
    r.bytes = data->size();
    for (const auto& name : o.codecs) {
        if (o.cancel && o.cancel->load())
            return make_error(ErrorKind::Cancelled, "bench cancelled");
        auto c = run_codec(name, data.value(), o.frame, clock);
        if (!c) return c.error();
        r.codecs.push_back(c.value());
    }
    return r;
}

nlohmann::json to_json(const CompressionBenchResult& r) {
    nlohmann::json codecs = nlohmann::json::array();
    for (const auto& c : r.codecs)
        codecs.push_back(
            {{"codec", c.codec},
             {"bytes_in", c.bytes_in},
             {"bytes_out", c.bytes_out},
             {"seconds", c.seconds},
             {"mb_s", c.input_rate() / 1e6},
             {"output_mb_s", c.input_rate() / c.ratio() / 1e6},
             {"ratio", c.ratio()},
             {"cpu_seconds", c.cpu_seconds},
             {"cpu_s_per_gib", cpu_per_gib(c.cpu_seconds, static_cast<double>(c.bytes_in))},
             {"needed_mb_s", r.drive_rate * c.ratio() / 1e6},
             {"streams", c.streams(r.drive_rate)}});
    return {{"date", r.machine.date},
            {"machine", machine_json(r.machine)},
            {"files", r.files},
            {"bytes", r.bytes},
            {"frame_size", 128u << 10},
            {"drive_rate_mb_s", r.drive_rate / 1e6},
            {"rule", "streams when codec input MB/s >= drive rate x ratio"},
            {"codecs", codecs}};
}

std::string format_compression_bench(const CompressionBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    o << "Tapeloom bench compression, " << r.machine.date << " (load " << r.machine.load_average
      << " at start)\n  " << format_bytes(r.bytes) << " from " << r.files
      << " file(s), 128 KiB frames, one thread; drive " << format_rate(r.drive_rate)
      << ": it streams when the codec takes in >= drive rate x ratio\n"
      << "  codec          MB/s    ratio   CPU s/GiB   needed MB/s   streams\n";
    for (const auto& c : r.codecs) {
        o << "  " << c.codec << std::string(c.codec.size() < 8 ? 8 - c.codec.size() : 0, ' ');
        o.width(12);
        o << c.input_rate() / 1e6;
        o.width(9);
        o << c.ratio();
        o.width(12);
        o << cpu_per_gib(c.cpu_seconds, static_cast<double>(c.bytes_in));
        o.width(14);
        o << r.drive_rate * c.ratio() / 1e6;
        o << (c.streams(r.drive_rate) ? "       yes" : "        no") << "\n";
    }
    return o.str();
}

} // namespace tl::bench
