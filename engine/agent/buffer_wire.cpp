#include "agent/buffer_wire.h"

#include "agent/wire_codec.h"

namespace tl::agent {

namespace {

enum RecordBits : std::uint8_t { kHasHash = 1, kSameDir = 2, kKnownBits = 3 };

void put_record(WireWriter& w, const job::FileRecord& r, const std::string* previous_dir) {
    const bool same_dir = previous_dir && *previous_dir == r.dir;
    w.u8(static_cast<std::uint8_t>((r.has_hash ? kHasHash : 0) | (same_dir ? kSameDir : 0)));
    w.zigzag(r.kind);
    w.varint(r.mode);
    w.varint(r.uid);
    w.varint(r.gid);
    w.varint(r.size);
    w.zigzag(r.mtime_ns);
    w.zigzag(r.ctime_ns);
    w.varint(r.inode);
    w.varint(r.offset);
    w.varint(r.flags);
    if (!same_dir) w.bytes(r.dir);
    w.bytes(r.name);
    if (r.has_hash) w.raw(r.hash.data(), r.hash.size());
}

bool take_record(WireReader& in, job::FileRecord& r, const std::string* previous_dir,
                 std::string& why) {
    std::uint8_t bits = 0;
    if (!in.u8(bits, "bits")) return false;
    if (bits & ~kKnownBits) {
        why = "unknown bits " + std::to_string(bits);
        return false;
    }
    if ((bits & kSameDir) && !previous_dir) {
        why = "the same directory as a record before the first";
        return false;
    }
    r.has_hash = bits & kHasHash;
    in.integer(r.kind, "kind");
    in.u32(r.mode, "mode");
    in.u32(r.uid, "uid");
    in.u32(r.gid, "gid");
    in.varint(r.size, "size");
    in.zigzag(r.mtime_ns, "mtime_ns");
    in.zigzag(r.ctime_ns, "ctime_ns");
    in.varint(r.inode, "inode");
    in.varint(r.offset, "offset");
    in.u32(r.flags, "flags");
    if (bits & kSameDir)
        r.dir = *previous_dir;
    else
        in.bytes(r.dir, "dir");
    in.bytes(r.name, "name");
    if (r.has_hash) in.raw(r.hash.data(), r.hash.size(), "hash");
    return in.ok();
}

Error damaged_buffer(const std::string& what) {
    return make_error(ErrorKind::Corrupt, "the agent sent a damaged stream buffer: " + what);
}

// The boundaries come as varint deltas from the buffer's offset (modulo 2^64, so any value
// comes back as it went).
bool take_boundaries(WireReader& in, ReceivedBuffer& r) {
    std::uint64_t n = 0;
    if (!in.varint(n, "boundary count")) return false;
    if (n > in.left()) return false;
    r.boundaries.reserve(n);
    std::uint64_t at = r.offset;
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t delta = 0;
        if (!in.varint(delta, "boundary")) return false;
        at += delta;
        r.boundaries.push_back(at);
    }
    return true;
}

} // namespace

std::vector<std::uint8_t> encode_buffer_head(const job::StreamBuffer& b, std::uint64_t raw_bytes) {
    std::vector<std::uint8_t> out(4);
    out.reserve(64 + 4 * b.boundaries.size() + 64 * b.completed.size());
    WireWriter w(out);
    w.varint(b.offset);
    w.varint(raw_bytes);
    w.u8(b.last ? 1 : 0);
    w.varint(b.boundaries.size());
    std::uint64_t at = b.offset;
    for (auto v : b.boundaries) {
        w.varint(v - at);
        at = v;
    }
    w.varint(b.completed.size());
    const std::string* previous_dir = nullptr;
    for (const auto& r : b.completed) {
        put_record(w, r, previous_dir);
        previous_dir = &r.dir;
    }
    const std::size_t n = out.size() - 4;
    for (int i = 0; i < 4; ++i)
        out[i] = static_cast<std::uint8_t>(n >> (24 - 8 * i));
    return out;
}

Result<ReceivedBuffer> decode_buffer_head(const std::uint8_t* p, std::size_t n) {
    WireReader in(p, n);
    ReceivedBuffer r;
    std::uint8_t last = 0;
    in.varint(r.offset, "offset");
    in.varint(r.raw_bytes, "raw bytes");
    if (in.u8(last, "last") && last > 1)
        return damaged_buffer("its 'last' flag is " + std::to_string(last));
    r.last = last != 0;
    if (!in.ok() || !take_boundaries(in, r))
        return damaged_buffer(in.ok() ? "more boundaries than bytes" : in.what());
    std::uint64_t count = 0;
    if (!in.varint(count, "record count")) return damaged_buffer(in.what());
    if (count > in.left()) return damaged_buffer("more records than bytes");
    r.completed.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        std::string why;
        if (!take_record(in, r.completed[i], i ? &r.completed[i - 1].dir : nullptr, why))
            return damaged_buffer("record " + std::to_string(i + 1) + " of " +
                                  std::to_string(count) + ": " + (why.empty() ? in.what() : why));
    }
    if (in.left() != 0)
        return damaged_buffer(std::to_string(in.left()) + " byte(s) after the last record");
    return r;
}

Result<ReceivedBuffer> receive_buffer_head(TlsLink& link, std::size_t payload) {
    std::uint8_t length[4];
    if (payload < sizeof length) return damaged_buffer("a frame shorter than its head's length");
    TL_TRY(link.read_payload(length, sizeof length));
    const std::size_t n = (std::size_t{length[0]} << 24) | (std::size_t{length[1]} << 16) |
                          (std::size_t{length[2]} << 8) | length[3];
    if (n > payload - sizeof length)
        return damaged_buffer("a head of " + std::to_string(n) + " bytes in a frame of " +
                              std::to_string(payload));
    std::vector<std::uint8_t> head(n);
    TL_TRY(link.read_payload(head.data(), n));
    auto r = decode_buffer_head(head.data(), n);
    if (r) r->size = payload - sizeof length - n;
    return r;
}

} // namespace tl::agent
