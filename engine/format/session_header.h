#pragma once
// The session header (docs/format.md §5): the first block of every tape file a session writes
// (flags HEADER), so that after any MTFSF a reader knows from one block the session, the
// volume's place in the spanning chain, the stream table and where each stream resumes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/compressor.h"
#include "common/result.h"
#include "format/block_builder.h"
#include "format/constants.h"
#include "format/uuid.h"

namespace tl::format {

// On-media ids (u8); never renumber.
enum class SourceKind : std::uint8_t { File = 0, Dir = 1, BlockDevice = 2, Sqlite = 3, Pipe = 4 };
const char* to_string(SourceKind kind);

// Why this tape file starts: the session's first file, a checkpoint (a new tape file on the
// same volume), or the continuation of the session on its next volume.
enum class HeaderKind : std::uint8_t { SessionStart = 0, Checkpoint = 1, Continuation = 2 };

struct StreamInfo {
    std::uint32_t id = 0; // >= 1 (0 is the control stream)
    SourceKind kind = SourceKind::File;
    std::string identity; // what was read: a path, a device, "sqlite:/db", a command
    codec::Codec codec = codec::Codec::None;
    std::uint64_t known_size = kUnknownSize;
    friend bool operator==(const StreamInfo&, const StreamInfo&) = default;
};

struct ResumePoint {
    std::uint32_t stream_id = 0;
    std::uint64_t next_offset = 0; // the next stream byte this tape file carries
    friend bool operator==(const ResumePoint&, const ResumePoint&) = default;
};

// How a session's chunks are protected (docs/format.md §3.4, §5). On-media ids (u8).
enum class SessionCipher : std::uint8_t { None = 0, Aes256Gcm = 1 };

struct SessionEncryption {
    SessionCipher cipher = SessionCipher::None;
    bool names_sealed = true; // the control stream (index, trailers) is sealed too
    std::string key_id;       // "NAME:FINGERPRINT" of the key the chunk key derives from
    // A copy made sealed (a clone, §3.4): the session whose chunk key sealed the data chunks,
    // copied as they are; nil = this session's own.
    Uuid seal_session;
    bool enabled() const { return cipher != SessionCipher::None; }
    friend bool operator==(const SessionEncryption&, const SessionEncryption&) = default;
};

struct SessionHeader {
    HeaderKind kind = HeaderKind::SessionStart;
    Uuid session_uuid;
    std::uint64_t job_id = 0;
    std::int64_t start_time = 0; // unix seconds
    std::string host;
    std::uint32_t block_size = 0;
    codec::Codec codec = codec::Codec::None; // the session's default codec
    std::uint32_t volume_seq = 0;            // 0 on the session's first volume
    std::uint32_t checkpoint = 0;            // 0 for SessionStart, then 1, 2, ... per volume
    Uuid prev_volume_uuid;                   // nil on the first volume
    std::string prev_volume_barcode;
    std::uint64_t next_block_seq = 0; // session_block_seq of the block after this one
    std::vector<StreamInfo> streams;
    std::vector<ResumePoint> resume; // empty for SessionStart
    SessionEncryption encryption;    // appended fields (format version 2); None when absent
    friend bool operator==(const SessionHeader&, const SessionHeader&) = default;
};

// The record alone (magic "TLSH").
std::vector<std::uint8_t> serialize_session_header(const SessionHeader& h);
Result<SessionHeader> deserialize_session_header(const std::uint8_t* p, std::size_t n);

// Writes the header block into `block` (block_len bytes): flags HEADER plus stamp.flags, one
// control-stream chunk at offset 0 holding the record. InvalidArgument if it does not fit.
Status encode_session_header_block(const SessionHeader& h, const BlockStamp& stamp,
                                   std::uint32_t tape_file, std::uint8_t* block,
                                   std::size_t block_len);
// Parses and validates a header block (CRC included) and decodes its record. Corrupt when the
// block is not a header block.
Result<SessionHeader> decode_session_header_block(const std::uint8_t* block, std::size_t n);

} // namespace tl::format
