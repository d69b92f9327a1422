#pragma once
// Fills one data block in place, in a buffer the caller owns (docs/format.md §3). Zero-copy:
// begin_chunk() returns where the payload goes, so a reader thread can read() or memcpy
// straight into the block that will be written to tape.
//
//   BlockBuilder b;
//   b.reset(buf, B, {session, seq, volume_seq, block_flags::kData});
//   while (b.free_for_chunk() >= min_chunk) {
//       uint8_t* p = b.begin_chunk(stream, offset, 0, boundary);
//       size_t n = fill(p, b.open_chunk_capacity());
//       b.end_chunk(n);
//   }
//   b.finish(tape_file, block_in_file);   // header + zero padding + CRC
//
// Misuse (a chunk longer than its capacity, begin without end, ...) is a bug and asserts.
// Not thread-safe; one builder per block being filled.
#include <cstddef>
#include <cstdint>

#include "format/block.h"
#include "format/chunk_seal.h"

namespace tl::format {

struct BlockStamp {
    Uuid session_uuid;
    std::uint64_t session_block_seq = 0;
    std::uint32_t volume_seq = 0;
    std::uint16_t flags = block_flags::kData;
};

class BlockBuilder final {
public:
    // Starts a block in `buffer` (block_len bytes, a valid block size; not owned, must outlive
    // the builder's use). Nothing is written until begin_chunk()/finish().
    void reset(std::uint8_t* buffer, std::size_t block_len, const BlockStamp& stamp);
    // A session written with a key: every chunk the policy covers is sealed in end_chunk()
    // (unless its producer sealed it: end_sealed_chunk()) and the block is written as version 3.
    // Kept across reset(); the cipher must outlive use.
    void set_seal_policy(const SealPolicy& policy) { seal_ = policy; }

    // Payload bytes the next chunk can carry, after its 24-byte header (0 if none fits).
    std::size_t free_for_chunk() const;

    // Opens a chunk and returns where its payload starts (8-byte aligned). Requires
    // free_for_chunk() > 0 and no open chunk.
    std::uint8_t* begin_chunk(std::uint32_t stream_id, std::uint64_t stream_offset,
                              std::uint16_t flags = 0, std::uint32_t first_boundary = kNoBoundary);
    // Capacity of the open chunk (== free_for_chunk() at begin_chunk()).
    std::size_t open_chunk_capacity() const { return open_capacity_; }
    // Adjusts the open chunk before end_chunk(), for writers that learn these while filling.
    void set_first_boundary(std::uint32_t first_boundary);
    void add_chunk_flags(std::uint16_t flags);
    // Closes the open chunk with `payload_len` bytes (1..capacity; 0 drops the chunk).
    void end_chunk(std::size_t payload_len);

    // end_chunk() of a clear chunk whose payload's CRC32C its producer computed (`payload_crc`,
    // over the `payload_len` bytes as they stay): finish() then reads only the rest of the
    // block for the block's CRC. One such chunk per block; the CRC is the same either way.
    void end_chunk_with_crc(std::size_t payload_len, std::uint32_t payload_crc);

    // Closes the open chunk holding a chunk its producer sealed already (stream_seal_params):
    // `payload_len` (1..capacity) bytes of ciphertext, then its tag. Needs a seal policy with a
    // cipher or copies_sealed.
    void end_sealed_chunk(std::size_t payload_len);

    std::uint32_t chunk_count() const { return chunk_count_; }
    bool has_open_chunk() const { return open_; }
    void add_block_flags(std::uint16_t flags) { stamp_.flags |= flags; }

    // Writes the header, zero-fills everything after the last chunk and computes the CRC.
    // The block is then ready to write; the builder must be reset() before reuse.
    void finish(std::uint32_t tape_file, std::uint32_t block_in_file);

    // A chunk of this builder's blocks could not be sealed (the crypto library failed): its
    // bytes were zeroed so no clear text reaches tape; the writer must fail the job.
    bool seal_failed() const { return seal_failed_; }

private:
    std::uint8_t* buf_ = nullptr;
    std::size_t len_ = 0;
    std::size_t pos_ = kBlockHeaderSize; // end of the last closed chunk, 8-aligned
    BlockStamp stamp_;
    std::uint32_t chunk_count_ = 0;
    bool open_ = false;
    std::size_t open_capacity_ = 0;
    SealPolicy seal_;
    bool seal_failed_ = false;
    // A payload whose CRC is known: [known_at_, known_at_ + known_len_) of the block.
    std::size_t known_at_ = 0, known_len_ = 0;
    std::uint32_t known_crc_ = 0;
    std::uint32_t block_crc() const;
    std::size_t tag_room() const { return seal_.sealed_blocks() ? kSealTagSize : 0; }
    void seal_open_chunk(std::size_t payload_len);
};

} // namespace tl::format
