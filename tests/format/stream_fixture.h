#pragma once
// Test helpers: write a stream of objects the way a backup does, and a sink that records
// everything the parser reports.
#include <QtTest>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "format/object.h"
#include "format/stream_parser.h"

namespace fixture {

using namespace tl;
using namespace tl::format;

struct Written {
    std::vector<std::uint8_t> stream;
    std::vector<std::uint64_t> header_offsets; // where each object header starts
};

inline std::vector<std::uint8_t> pattern(std::size_t n, unsigned seed, bool compressible) {
    std::vector<std::uint8_t> d(n);
    std::mt19937 g(seed);
    for (std::size_t i = 0; i < n; ++i)
        d[i] = compressible ? static_cast<std::uint8_t>("abcabcabd"[(i + seed) % 9])
                            : static_cast<std::uint8_t>(g());
    return d;
}

// Appends one object: header, data in frames of `frame` bytes (compressed where it helps),
// trailer with the real hash and length.
inline void add_object(Written& w, ObjectHeader h, const std::vector<std::uint8_t>& data,
                       codec::Compressor& c, std::size_t frame, std::uint32_t status = 0) {
    w.header_offsets.push_back(w.stream.size());
    encode_object_header(h, w.stream);
    std::vector<std::uint8_t> scratch;
    for (std::size_t i = 0; i < data.size(); i += frame) {
        const std::size_t n = std::min(frame, data.size() - i);
        QVERIFY(append_frame(c, data.data() + i, n, w.stream, scratch).ok());
    }
    encode_object_trailer({data.size(), codec::hash128(data.data(), data.size()), status},
                          w.stream);
}

// Records parser events as text lines plus each object's reconstructed file content.
class RecordingSink final : public StreamSink {
public:
    std::vector<std::string> events;
    std::map<std::string, std::map<std::uint64_t, std::uint8_t>> content; // path -> offset -> byte
    std::string current;
    int bad_checks = 0;

    Status on_object_header(std::uint64_t off, const ObjectHeader& h) override {
        current = h.path;
        events.push_back("H " + std::to_string(off) + " " + h.path);
        content[h.path];
        return {};
    }
    Status on_data(std::uint64_t file_offset, const std::uint8_t* d, std::size_t n) override {
        auto& m = content[current];
        for (std::size_t i = 0; i < n; ++i)
            m[file_offset + i] = d[i];
        return {};
    }
    Status on_object_trailer(const ObjectTrailer& t, const ObjectCheck& c) override {
        if (!c.length_ok || !c.hash_ok) ++bad_checks;
        events.push_back("T " + current + " " + std::to_string(t.data_length) + " " +
                         (c.hash_ok ? "ok" : "BAD"));
        return {};
    }
};

} // namespace fixture
