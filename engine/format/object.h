#pragma once
// Objects inside a stream (docs/format.md §6): a stream is a byte sequence of
//   OBJ_HEADER ("TLOB") + data frames + OBJ_TRAILER ("TLOT"), repeated.
// Data frames: u32 raw_len, u32 stored_len, u8 codec, stored bytes. Data is always framed
// (codec None for raw data), so a parser finds the trailer without knowing the size up front
// (pipes), and each compressed frame decodes on its own.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "codec/compressor.h"
#include "codec/hash.h"
#include "common/result.h"
#include "format/constants.h"

namespace tl::format {

// On-media ids (u8); never renumber.
enum class ObjectKind : std::uint8_t {
    RegularFile = 0,
    Directory = 1,
    Symlink = 2,
    Hardlink = 3,
    Fifo = 4,
    CharDevice = 5,
    BlockDevice = 6,
    Socket = 7,
    RawImage = 8,
    Pipe = 9,
    Sqlite = 10,
};
const char* to_string(ObjectKind kind);

namespace object_flags {
inline constexpr std::uint32_t kSparse = 0x1;              // data = the extents of sparse_map
inline constexpr std::uint32_t kChangedWhileReading = 0x2; // known before the header was written
} // namespace object_flags

namespace trailer_status {
inline constexpr std::uint32_t kChangedDuringRead = 0x1;
inline constexpr std::uint32_t kReadError = 0x2; // unreadable ranges were stored as zeros
inline constexpr std::uint32_t kTruncated = 0x4; // the source shrank; less data than announced
} // namespace trailer_status

struct Xattr {
    std::string name;
    std::string value; // binary
    friend bool operator==(const Xattr&, const Xattr&) = default;
};

struct Extent {
    std::uint64_t offset = 0; // in the file
    std::uint64_t length = 0;
    friend bool operator==(const Extent&, const Extent&) = default;
};

struct ObjectHeader {
    ObjectKind kind = ObjectKind::RegularFile;
    std::uint32_t flags = 0;     // object_flags
    std::uint64_t object_id = 0; // unique within the session; the index refers to it
    std::string path;            // relative to the source root, '/'-separated, raw bytes
    std::string link_target;     // symlink target, or the path a hard link points to
    std::uint32_t mode = 0;      // st_mode (type and permission bits)
    std::uint32_t uid = 0, gid = 0;
    std::string user, group; // names, for restore on another host
    std::int64_t atime_ns = 0, mtime_ns = 0, ctime_ns = 0;
    std::uint64_t size = kUnknownSize; // logical size, kUnknownSize for pipes
    std::uint64_t dev = 0, rdev = 0, inode = 0;
    std::uint32_t nlink = 0;
    std::vector<Xattr> xattrs;
    std::string acl_access, acl_default; // POSIX ACL text (acl_to_text), "" when none
    std::vector<Extent> sparse_map;      // with kSparse: data extents in file order
    // Free-form extras, e.g. {"sqlite.page_size","4096"}, {"sqlite.method","backup-api"}.
    std::vector<std::pair<std::string, std::string>> properties;
    friend bool operator==(const ObjectHeader&, const ObjectHeader&) = default;
};

struct ObjectTrailer {
    std::uint64_t data_length = 0; // raw bytes of data carried (the extents only if sparse)
    codec::Hash128 hash;           // XXH3-128 of those raw bytes, in stream order
    std::uint32_t status = 0;      // trailer_status
    friend bool operator==(const ObjectTrailer&, const ObjectTrailer&) = default;
};

// Appends the serialized record to `out`.
void encode_object_header(const ObjectHeader& h, std::vector<std::uint8_t>& out);
void encode_object_trailer(const ObjectTrailer& t, std::vector<std::uint8_t>& out);
// Decodes one record at p (n may be larger than the record). Corrupt with the field named.
Result<ObjectHeader> decode_object_header(const std::uint8_t* p, std::size_t n);
Result<ObjectTrailer> decode_object_trailer(const std::uint8_t* p, std::size_t n);
inline constexpr std::size_t kObjectTrailerSize = 44;

struct FrameHeader {
    std::uint32_t raw_len = 0;    // 1..kMaxFrameSize
    std::uint32_t stored_len = 0; // == raw_len for codec None, < raw_len otherwise
    codec::Codec codec = codec::Codec::None;
};
void store_frame_header(std::uint8_t* p, const FrameHeader& f); // writes kFrameHeaderSize bytes
Result<FrameHeader> load_frame_header(const std::uint8_t* p);   // reads kFrameHeaderSize bytes

// Appends one frame for `n` raw bytes (n <= kMaxFrameSize): compressed when `c` makes it
// smaller, else stored raw. `scratch` is reused between calls. A convenience for tests and
// small writers; the multiplexer writes frames straight into blocks.
Status append_frame(codec::Compressor& c, const std::uint8_t* data, std::size_t n,
                    std::vector<std::uint8_t>& out, std::vector<std::uint8_t>& scratch);

} // namespace tl::format
