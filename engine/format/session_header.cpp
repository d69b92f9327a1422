#include "format/session_header.h"

#include <cstring>

#include "format/block.h"
#include "format/record.h"

namespace tl::format {
namespace {
// Checksum algorithm ids recorded in the header (docs/format.md §5).
constexpr std::uint8_t kBlockChecksumCrc32c = 1;
constexpr std::uint8_t kContentHashXxh3_128 = 1;
} // namespace

const char* to_string(SourceKind kind) {
    switch (kind) {
    case SourceKind::File:
        return "file";
    case SourceKind::Dir:
        return "dir";
    case SourceKind::BlockDevice:
        return "blockdev";
    case SourceKind::Sqlite:
        return "sqlite";
    case SourceKind::Pipe:
        return "pipe";
    }
    return "unknown";
}

std::vector<std::uint8_t> serialize_session_header(const SessionHeader& h) {
    std::vector<std::uint8_t> out;
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kSessionHeaderMagic);
    w.u8(static_cast<std::uint8_t>(h.kind));
    w.u8(static_cast<std::uint8_t>(h.codec));
    w.u8(kBlockChecksumCrc32c);
    w.u8(kContentHashXxh3_128);
    w.raw(h.session_uuid.bytes.data(), 16);
    w.u64(h.job_id);
    w.i64(h.start_time);
    w.u32(h.block_size);
    w.u32(h.volume_seq);
    w.u32(h.checkpoint);
    w.u32(0);
    w.raw(h.prev_volume_uuid.bytes.data(), 16);
    w.str(h.prev_volume_barcode);
    w.str(h.host);
    w.u64(h.next_block_seq);
    w.u32(static_cast<std::uint32_t>(h.streams.size()));
    for (const auto& s : h.streams) {
        w.u32(s.id);
        w.u8(static_cast<std::uint8_t>(s.kind));
        w.u8(static_cast<std::uint8_t>(s.codec));
        w.u16(0);
        w.u64(s.known_size);
        w.str(s.identity);
    }
    w.u32(static_cast<std::uint32_t>(h.resume.size()));
    for (const auto& r : h.resume) {
        w.u32(r.stream_id);
        w.u32(0);
        w.u64(r.next_offset);
    }
    if (h.encryption.enabled()) { // appended: readers of version 1 stop before these
        w.u8(static_cast<std::uint8_t>(h.encryption.cipher));
        const bool copied = !h.encryption.seal_session.is_nil();
        w.u8(static_cast<std::uint8_t>((h.encryption.names_sealed ? 1 : 0) | (copied ? 2 : 0)));
        w.u16(0);
        w.str(h.encryption.key_id);
        if (copied) w.raw(h.encryption.seal_session.bytes.data(), 16);
    }
    end_record(w, start);
    return out;
}

Result<SessionHeader> deserialize_session_header(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kSessionHeaderMagic, "session header");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    SessionHeader h;
    const std::uint8_t kind = r.u8();
    const std::uint8_t codec = r.u8();
    const std::uint8_t block_sum = r.u8();
    const std::uint8_t content_hash = r.u8();
    r.raw(h.session_uuid.bytes.data(), 16);
    h.job_id = r.u64();
    h.start_time = r.i64();
    h.block_size = r.u32();
    h.volume_seq = r.u32();
    h.checkpoint = r.u32();
    r.u32();
    r.raw(h.prev_volume_uuid.bytes.data(), 16);
    h.prev_volume_barcode = r.str();
    h.host = r.str();
    h.next_block_seq = r.u64();
    const std::uint32_t ns = r.u32();
    for (std::uint32_t i = 0; i < ns && r.ok(); ++i) {
        StreamInfo s;
        s.id = r.u32();
        const std::uint8_t sk = r.u8();
        const std::uint8_t sc = r.u8();
        r.u16();
        s.known_size = r.u64();
        s.identity = r.str();
        if (sk > static_cast<std::uint8_t>(SourceKind::Pipe) || !codec::is_known_codec(sc))
            return make_error(ErrorKind::Corrupt, "session header: stream " + std::to_string(s.id) +
                                                      " has unknown source kind " +
                                                      std::to_string(sk) + " or codec " +
                                                      std::to_string(sc));
        s.kind = static_cast<SourceKind>(sk);
        s.codec = static_cast<codec::Codec>(sc);
        h.streams.push_back(std::move(s));
    }
    const std::uint32_t nr = r.u32();
    for (std::uint32_t i = 0; i < nr && r.ok(); ++i) {
        ResumePoint rp;
        rp.stream_id = r.u32();
        r.u32();
        rp.next_offset = r.u64();
        h.resume.push_back(rp);
    }
    if (r.ok() && r.remaining() > 0) {
        const std::uint8_t cipher = r.u8();
        const std::uint8_t seal_flags = r.u8();
        r.u16();
        h.encryption.key_id = r.str();
        if (r.ok() && cipher != static_cast<std::uint8_t>(SessionCipher::Aes256Gcm))
            return make_error(ErrorKind::Unsupported, "session header: encryption algorithm " +
                                                          std::to_string(cipher) +
                                                          " is not supported by this build");
        h.encryption.cipher = SessionCipher::Aes256Gcm;
        h.encryption.names_sealed = (seal_flags & 1) != 0;
        if (seal_flags & 2) r.raw(h.encryption.seal_session.bytes.data(), 16);
    }
    if (!r.ok()) return r.error();
    if (kind > static_cast<std::uint8_t>(HeaderKind::Continuation) || !codec::is_known_codec(codec))
        return make_error(ErrorKind::Corrupt, "session header: unknown header kind " +
                                                  std::to_string(kind) + " or codec " +
                                                  std::to_string(codec));
    if (block_sum != kBlockChecksumCrc32c || content_hash != kContentHashXxh3_128)
        return make_error(ErrorKind::Unsupported,
                          "session header: checksum algorithms " + std::to_string(block_sum) + "/" +
                              std::to_string(content_hash) + " are not supported");
    h.kind = static_cast<HeaderKind>(kind);
    h.codec = static_cast<codec::Codec>(codec);
    return h;
}

Status encode_session_header_block(const SessionHeader& h, const BlockStamp& stamp,
                                   std::uint32_t tape_file, std::uint8_t* block,
                                   std::size_t block_len) {
    TL_TRY(check_block_size(block_len));
    const std::vector<std::uint8_t> rec = serialize_session_header(h);
    BlockStamp s = stamp;
    s.flags |= block_flags::kHeader;
    BlockBuilder b;
    b.reset(block, block_len, s);
    if (rec.size() > b.free_for_chunk())
        return make_error(ErrorKind::InvalidArgument,
                          "session header of " + std::to_string(rec.size()) +
                              " bytes does not fit a " + std::to_string(block_len) +
                              "-byte block (too many streams?)");
    std::uint8_t* p = b.begin_chunk(kControlStream, 0, 0, 0);
    std::memcpy(p, rec.data(), rec.size());
    b.end_chunk(rec.size());
    b.finish(tape_file, 0);
    return {};
}

Result<SessionHeader> decode_session_header_block(const std::uint8_t* block, std::size_t n) {
    BlockReader br;
    TL_TRY(br.parse(block, n));
    const auto& bh = br.header();
    if (!(bh.flags & block_flags::kHeader) || br.chunks().size() != 1 ||
        br.chunks()[0].stream_id != kControlStream)
        return make_error(ErrorKind::Corrupt, "block " + std::to_string(bh.session_block_seq) +
                                                  " is not a session header block");
    const ChunkView& c = br.chunks()[0];
    auto h = deserialize_session_header(c.data, c.length);
    if (h && h->session_uuid != bh.session_uuid)
        return make_error(ErrorKind::Corrupt, "session header block " +
                                                  std::to_string(bh.session_block_seq) +
                                                  ": record and block name different sessions");
    return h;
}

} // namespace tl::format
