#include "format/object.h"

#include "format/record.h"

namespace tl::format {

const char* to_string(ObjectKind kind) {
    switch (kind) {
    case ObjectKind::RegularFile:
        return "file";
    case ObjectKind::Directory:
        return "dir";
    case ObjectKind::Symlink:
        return "symlink";
    case ObjectKind::Hardlink:
        return "hardlink";
    case ObjectKind::Fifo:
        return "fifo";
    case ObjectKind::CharDevice:
        return "chardev";
    case ObjectKind::BlockDevice:
        return "blockdev";
    case ObjectKind::Socket:
        return "socket";
    case ObjectKind::RawImage:
        return "raw-image";
    case ObjectKind::Pipe:
        return "pipe";
    case ObjectKind::Sqlite:
        return "sqlite";
    }
    return "unknown";
}

void encode_object_header(const ObjectHeader& h, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kObjectHeaderMagic);
    w.u8(static_cast<std::uint8_t>(h.kind));
    w.u8(0);
    w.u16(0);
    w.u32(h.flags);
    w.u64(h.object_id);
    w.u32(h.mode);
    w.u32(h.uid);
    w.u32(h.gid);
    w.u32(h.nlink);
    w.i64(h.atime_ns);
    w.i64(h.mtime_ns);
    w.i64(h.ctime_ns);
    w.u64(h.size);
    w.u64(h.dev);
    w.u64(h.rdev);
    w.u64(h.inode);
    w.str(h.path);
    w.str(h.link_target);
    w.str(h.user);
    w.str(h.group);
    w.str(h.acl_access);
    w.str(h.acl_default);
    w.u32(static_cast<std::uint32_t>(h.xattrs.size()));
    for (const auto& x : h.xattrs) {
        w.str(x.name);
        w.str(x.value);
    }
    w.u32(static_cast<std::uint32_t>(h.sparse_map.size()));
    for (const auto& e : h.sparse_map) {
        w.u64(e.offset);
        w.u64(e.length);
    }
    w.u32(static_cast<std::uint32_t>(h.properties.size()));
    for (const auto& [k, v] : h.properties) {
        w.str(k);
        w.str(v);
    }
    end_record(w, start);
}

Result<ObjectHeader> decode_object_header(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kObjectHeaderMagic, "object header");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    ObjectHeader h;
    const std::uint8_t kind = r.u8();
    r.u8();
    r.u16();
    h.flags = r.u32();
    h.object_id = r.u64();
    h.mode = r.u32();
    h.uid = r.u32();
    h.gid = r.u32();
    h.nlink = r.u32();
    h.atime_ns = r.i64();
    h.mtime_ns = r.i64();
    h.ctime_ns = r.i64();
    h.size = r.u64();
    h.dev = r.u64();
    h.rdev = r.u64();
    h.inode = r.u64();
    h.path = r.str();
    h.link_target = r.str();
    h.user = r.str();
    h.group = r.str();
    h.acl_access = r.str();
    h.acl_default = r.str();
    // Counts are bounded by the bytes left, so a corrupt count cannot make us allocate wildly.
    const std::uint32_t nx = r.u32();
    for (std::uint32_t i = 0; i < nx && r.ok(); ++i) {
        Xattr x;
        x.name = r.str();
        x.value = r.str();
        h.xattrs.push_back(std::move(x));
    }
    const std::uint32_t ne = r.u32();
    for (std::uint32_t i = 0; i < ne && r.ok(); ++i) {
        Extent e;
        e.offset = r.u64();
        e.length = r.u64();
        h.sparse_map.push_back(e);
    }
    const std::uint32_t np = r.u32();
    for (std::uint32_t i = 0; i < np && r.ok(); ++i) {
        std::string k = r.str();
        std::string v = r.str();
        h.properties.emplace_back(std::move(k), std::move(v));
    }
    if (!r.ok()) return r.error();
    if (kind > static_cast<std::uint8_t>(ObjectKind::Sqlite))
        return make_error(ErrorKind::Corrupt, "object header '" + h.path +
                                                  "': unknown object kind " + std::to_string(kind));
    h.kind = static_cast<ObjectKind>(kind);
    return h;
}

void encode_object_trailer(const ObjectTrailer& t, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kObjectTrailerMagic);
    w.u64(t.data_length);
    w.u64(t.hash.lo);
    w.u64(t.hash.hi);
    w.u32(t.status);
    w.u32(0);
    end_record(w, start);
}

Result<ObjectTrailer> decode_object_trailer(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kObjectTrailerMagic, "object trailer");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    ObjectTrailer t;
    t.data_length = r.u64();
    t.hash.lo = r.u64();
    t.hash.hi = r.u64();
    t.status = r.u32();
    r.u32();
    if (!r.ok()) return r.error();
    return t;
}

void store_frame_header(std::uint8_t* p, const FrameHeader& f) {
    store_u32(p, f.raw_len);
    store_u32(p + 4, f.stored_len);
    p[8] = static_cast<std::uint8_t>(f.codec);
}

Result<FrameHeader> load_frame_header(const std::uint8_t* p) {
    FrameHeader f;
    f.raw_len = load_u32(p);
    f.stored_len = load_u32(p + 4);
    const std::uint8_t c = p[8];
    const auto bad = [&](const std::string& why) {
        return make_error(ErrorKind::Corrupt, "data frame (raw " + std::to_string(f.raw_len) +
                                                  ", stored " + std::to_string(f.stored_len) +
                                                  ", codec " + std::to_string(c) + "): " + why);
    };
    if (!codec::is_known_codec(c)) return bad("unknown codec");
    f.codec = static_cast<codec::Codec>(c);
    if (f.raw_len == 0 || f.raw_len > kMaxFrameSize) return bad("raw length out of range");
    if (f.codec == codec::Codec::None ? f.stored_len != f.raw_len
                                      : (f.stored_len == 0 || f.stored_len >= f.raw_len))
        return bad("stored length inconsistent with codec");
    return f;
}

Status append_frame(codec::Compressor& c, const std::uint8_t* data, std::size_t n,
                    std::vector<std::uint8_t>& out, std::vector<std::uint8_t>& scratch) {
    if (n == 0) return {};
    if (n > kMaxFrameSize)
        return make_error(ErrorKind::InvalidArgument,
                          "frame of " + std::to_string(n) + " bytes exceeds the 16 MiB limit");
    scratch.resize(codec::Compressor::bound(n));
    auto z = c.compress(data, n, scratch.data(), scratch.size());
    if (!z) return z.error();
    FrameHeader f{static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(n), codec::Codec::None};
    const std::uint8_t* body = data;
    if (z.value() > 0) {
        f.stored_len = static_cast<std::uint32_t>(z.value());
        f.codec = c.spec().codec;
        body = scratch.data();
    }
    const std::size_t at = out.size();
    out.resize(at + kFrameHeaderSize + f.stored_len);
    store_frame_header(out.data() + at, f);
    std::memcpy(out.data() + at + kFrameHeaderSize, body, f.stored_len);
    return {};
}

} // namespace tl::format
