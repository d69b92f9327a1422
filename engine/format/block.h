#pragma once
// Data block framing (docs/format.md §3): every block is exactly B bytes, starts with a
// 64-byte header and carries chunks of one or more streams, 8-byte aligned, zero-padded.
//
// Header layout (little-endian):
//   0 magic "MXB1"   4 u16 version   6 u16 flags   8 u32 block_len   12 u32 payload_len
//  16 u32 chunk_count   20 u32 crc32c   24 session_uuid[16]   40 u64 session_block_seq
//  48 u32 volume_seq   52 u32 tape_file   56 u32 block_in_file   60 u32 reserved (0)
// crc32c covers all block_len bytes with the crc field taken as zero.
// Chunk header (24 bytes): 0 u32 stream_id  4 u16 flags  6 u16 reserved  8 u64 stream_offset
//  16 u32 length  20 u32 first_boundary.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"
#include "format/constants.h"
#include "format/uuid.h"

namespace tl::format {

// Block flags (u16). HEADER: the session/checkpoint header block that starts a tape file.
// DATA: carries stream data. CONTROL: carries control-stream records (index, trailer, EOV).
// TRAILER: part of the session trailer tape file or the EOV trailer. LAST: the last block of
// the session on this volume.
namespace block_flags {
inline constexpr std::uint16_t kHeader = 0x01;
inline constexpr std::uint16_t kData = 0x02;
inline constexpr std::uint16_t kControl = 0x04;
inline constexpr std::uint16_t kTrailer = 0x08;
inline constexpr std::uint16_t kLast = 0x10;
inline constexpr std::uint16_t kAll = 0x1F;
} // namespace block_flags

// Chunk flags (u16). STREAM_BEGIN: the chunk starts its stream (stream_offset 0).
// STREAM_END: the stream ends with this chunk's last byte. SEALED (block version 2 only): the
// payload is encrypted and ends with its 16-byte tag (format/chunk_seal.h, §3.4).
namespace chunk_flags {
inline constexpr std::uint16_t kStreamBegin = 0x01;
inline constexpr std::uint16_t kStreamEnd = 0x02;
inline constexpr std::uint16_t kSealed = 0x04;
inline constexpr std::uint16_t kAll = 0x03;
inline constexpr std::uint16_t kAllSealed = 0x07;
} // namespace chunk_flags

struct BlockHeader {
    std::uint16_t version = kBlockVersion;
    std::uint16_t flags = 0;
    std::uint32_t block_len = 0;
    std::uint32_t payload_len = 0; // bytes after the header used by chunks (incl. alignment)
    std::uint32_t chunk_count = 0;
    std::uint32_t crc32c = 0;
    Uuid session_uuid;
    std::uint64_t session_block_seq = 0; // monotonic across the session's volumes
    std::uint32_t volume_seq = 0;        // 0 for the session's first volume
    std::uint32_t tape_file = 0;         // where the writer meant the block to be
    std::uint32_t block_in_file = 0;
};

// A chunk inside a parsed block: points into the caller's buffer (no copy), valid while it is.
// A sealed chunk's length includes its tag until unseal_chunks() opened it.
struct ChunkView {
    std::uint32_t stream_id = 0;
    std::uint16_t flags = 0;
    std::uint64_t stream_offset = 0;
    std::uint32_t first_boundary = kNoBoundary; // offset in data of the first object header
    const std::uint8_t* data = nullptr;
    std::uint32_t length = 0;
};

struct ParsedBlock {
    BlockHeader header;
    std::vector<ChunkView> chunks;
};

// True for a valid data block size: a multiple of 1 KiB in [64 KiB, 4 MiB].
bool valid_block_size(std::size_t n);
// "block size 1000 is invalid; use a multiple of 1 KiB from 64 KiB to 4 MiB" or ok.
Status check_block_size(std::size_t n);

// Validates a block (size, magic, version, CRC, chunk bounds) and lists its chunks; sealed
// chunks are listed as they are (see unseal_chunks in format/chunk_seal.h). Corrupt
// errors name the block by session_block_seq. Reuses its chunk vector across calls, so one
// BlockReader per reading thread makes parsing allocation-free. Not thread-safe.
class BlockReader final {
public:
    Status parse(const std::uint8_t* block, std::size_t n);
    const BlockHeader& header() const { return header_; }
    std::span<const ChunkView> chunks() const { return chunks_; }
    std::span<ChunkView> mutable_chunks() { return chunks_; }

private:
    BlockHeader header_;
    std::vector<ChunkView> chunks_;
};

// One-shot form of BlockReader::parse.
Result<ParsedBlock> parse_block(const std::uint8_t* block, std::size_t n);

// Reads the header fields only, checking magic and version but not the CRC (for a quick
// look, e.g. the seq of a block that failed its CRC). Corrupt when it is not a block.
Result<BlockHeader> peek_block_header(const std::uint8_t* block, std::size_t n);

// Rewrites volume_seq, tape_file and block_in_file of a finished block and recomputes its
// CRC: used when the block refused at end of medium is written again on the next volume.
// The block must be valid (checked); the CRC is recomputed over the whole block.
Status patch_block_position(std::uint8_t* block, std::size_t n, std::uint32_t volume_seq,
                            std::uint32_t tape_file, std::uint32_t block_in_file);

} // namespace tl::format
