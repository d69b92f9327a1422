#pragma once
// Builds a stream's bytes as the backup writes them (object header, one data frame, trailer
// with length and XXH3-128), for tests that feed crafted objects to a parser or a volume.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "codec/compressor.h"
#include "codec/hash.h"
#include "format/object.h"

namespace tltest {

// The header of a regular file `path` of `size` bytes with `mode` (permission bits) and a fixed
// modification time.
inline tl::format::ObjectHeader regular_file(const std::string& path, std::size_t size,
                                             unsigned mode = 0644,
                                             std::int64_t mtime_ns = 1'700'000'000'000'000'000) {
    tl::format::ObjectHeader h;
    h.kind = tl::format::ObjectKind::RegularFile;
    h.path = path;
    h.mode = 0100000 | mode; // S_IFREG
    h.size = size;
    h.mtime_ns = mtime_ns;
    return h;
}

// `offsets` (if given) receives the stream offset of each object's header.
inline std::vector<std::uint8_t>
build_stream(const std::vector<std::pair<tl::format::ObjectHeader, std::string>>& objs,
             std::vector<std::uint64_t>* offsets = nullptr) {
    std::vector<std::uint8_t> out, scratch;
    tl::codec::Compressor none;
    for (const auto& [h, data] : objs) {
        if (offsets) offsets->push_back(out.size());
        tl::format::encode_object_header(h, out);
        if (!data.empty())
            (void)tl::format::append_frame(none, reinterpret_cast<const std::uint8_t*>(data.data()),
                                           data.size(), out, scratch);
        tl::format::ObjectTrailer t;
        t.data_length = data.size();
        t.hash = tl::codec::hash128(data.data(), data.size());
        tl::format::encode_object_trailer(t, out);
    }
    return out;
}

} // namespace tltest
