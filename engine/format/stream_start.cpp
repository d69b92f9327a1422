#include "format/stream_start.h"

#include <cstring>

#include "format/bytes.h"
#include "format/record.h"

namespace tl::format {

void encode_stream_start(const StreamInfo& s, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const auto start = begin_record(w, kStreamStartMagic);
    w.u32(s.id);
    w.u8(static_cast<std::uint8_t>(s.kind));
    w.u8(static_cast<std::uint8_t>(s.codec));
    w.u64(s.known_size);
    w.str(s.identity);
    end_record(w, start);
}

bool is_stream_start(const std::uint8_t* p, std::size_t n) {
    return n >= 4 && std::memcmp(p, kStreamStartMagic, 4) == 0;
}

Result<StreamInfo> decode_stream_start(const std::uint8_t* p, std::size_t n) {
    auto r = open_record(p, n, kStreamStartMagic, "stream start record");
    if (!r) return r.error();
    ByteReader& in = r.value();
    StreamInfo s;
    s.id = in.u32();
    s.kind = static_cast<SourceKind>(in.u8());
    s.codec = static_cast<codec::Codec>(in.u8());
    s.known_size = in.u64();
    s.identity = in.str();
    if (!in.ok()) return in.error();
    return s;
}

} // namespace tl::format
