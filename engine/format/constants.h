#pragma once
// The media format's constants. Each one is also documented in docs/format.md; change both
// together, and never change a published value: bump a version instead.
#include <cstddef>
#include <cstdint>

namespace tl::format {

// Format version of the whole layout, written in the volume label (docs/format.md §0).
inline constexpr std::uint16_t kFormatVersion = 1;

// §2 Volume label: one block of exactly 64 KiB, the first block of every volume, so that any
// reader with a buffer of at least 64 KiB can read it whatever data block size follows.
inline constexpr std::size_t kLabelSize = 64 * 1024;
inline constexpr char kLabelMagic[8] = {'T', 'L', 'O', 'V', 'O', 'L', '0', '1'};
inline constexpr std::uint16_t kLabelVersion = 1;

// §3 Data blocks: every block of a session has the same size B, a multiple of 1 KiB in
// [64 KiB, 4 MiB]. Default 256 KiB.
inline constexpr std::size_t kMinBlockSize = 64 * 1024;
inline constexpr std::size_t kMaxBlockSize = 4 * 1024 * 1024;
inline constexpr std::size_t kDefaultBlockSize = 256 * 1024;
inline constexpr std::size_t kBlockSizeGranule = 1024;
inline constexpr char kBlockMagic[4] = {'M', 'X', 'B', '1'};
inline constexpr std::uint16_t kBlockVersion = 1;
// §3.4 A block of a session written with a key: may carry sealed (encrypted) chunks. Readers
// of version 1 refuse it as unsupported instead of reading ciphertext as data.
inline constexpr std::uint16_t kBlockVersionSealed = 2;
// §3.4 Version 3: as 2, but a sealed chunk's nonce and associated data name its place in the
// stream (stream id, stream offset), not in the block, so a chunk is sealed where its stream is
// produced and can be copied into any block unchanged.
inline constexpr std::uint16_t kBlockVersionStreamSealed = 3;
inline constexpr std::size_t kBlockHeaderSize = 64;

// §3.2 Chunks: 24-byte header, payload, zero padding to the next multiple of 8.
inline constexpr std::size_t kChunkHeaderSize = 24;
inline constexpr std::size_t kChunkAlign = 8;
inline constexpr std::uint32_t kNoBoundary = 0xFFFFFFFFu; // first_boundary: no object starts here
inline constexpr std::uint32_t kControlStream = 0;        // stream 0 carries control records

// §4 Records (session header, objects, index, trailers): 12-byte preamble
// magic[4] + u16 version + u16 reserved + u32 total_len.
inline constexpr std::size_t kRecordPreambleSize = 12;
inline constexpr char kSessionHeaderMagic[4] = {'T', 'L', 'S', 'H'};
inline constexpr char kObjectHeaderMagic[4] = {'T', 'L', 'O', 'B'};
inline constexpr char kObjectTrailerMagic[4] = {'T', 'L', 'O', 'T'};
inline constexpr char kIndexSegmentMagic[4] = {'T', 'L', 'I', 'X'};
inline constexpr char kSessionTrailerMagic[4] = {'T', 'L', 'S', 'T'};
inline constexpr char kEovMagic[4] = {'T', 'L', 'E', 'V'};
inline constexpr std::uint16_t kRecordVersion = 1;
// A record larger than this is rejected as corrupt (bounds what a parser buffers).
inline constexpr std::uint32_t kMaxRecordSize = 64u * 1024 * 1024;

// §6.3 Data frames: u32 raw_len, u32 stored_len, u8 codec, stored bytes.
inline constexpr std::size_t kFrameHeaderSize = 9;
// Largest raw_len. Far below 0x544F4C54 ("TLOT" read as a u32), so a frame header can never
// be mistaken for the object trailer that ends the data.
inline constexpr std::uint32_t kMaxFrameSize = 16u * 1024 * 1024;

inline constexpr std::uint64_t kUnknownSize = ~std::uint64_t{0};

} // namespace tl::format
