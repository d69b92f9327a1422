#pragma once
// Seals a stream's chunks where the stream is produced (docs/format.md §3.4, block version 3):
// the producer's thread cuts each full StreamBuffer into units of format::sealed_unit_size()
// bytes and encrypts each in place with its own cipher (one EVP context per producer thread),
// keeping the tags beside the buffer. The drive's multiplexer then places each unit as one
// chunk, whole, copying ciphertext and tag into the block: the encryption runs in parallel in
// the session readers instead of on the one drive thread per drive.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/result.h"
#include "format/chunk_seal.h"
#include "job/stream_buffer.h"

namespace tl::job {

// The header fields of the chunk carrying bytes [at, at + len) of `b`: the sealer and the
// multiplexer compute them alike, so the associated data the sealer used is what the block
// holds.
struct ChunkFields {
    std::uint16_t flags = 0;
    std::uint32_t first_boundary = format::kNoBoundary;
};
ChunkFields chunk_fields(const StreamBuffer& b, std::size_t at, std::size_t len);

class ChunkSealer final {
public:
    // `cipher` is this sealer's own (not shared with another thread).
    ChunkSealer(std::unique_ptr<format::ChunkCipher> cipher, const format::Uuid& session,
                std::uint32_t stream_id, std::size_t block_size);

    // Seals every unit of `b` in place and fills b.tags. When the crypto library fails, the
    // buffer's bytes are zeroed (no clear text reaches a block), b.seal_failed is set for the
    // multiplexer and an error is returned.
    Status seal(StreamBuffer& b);

    // How much of a buffer of `capacity` bytes a producer fills: whole units only (the largest
    // multiple of the unit that fits; `capacity` when not even one does). A buffer filled to
    // an odd size ends in a short unit, and a short unit makes the block it lands in end one
    // whole unit early (a unit never splits): a quarter of that block went to padding.
    std::size_t fill_limit(std::size_t capacity) const;

private:
    std::unique_ptr<format::ChunkCipher> cipher_;
    format::Uuid session_;
    std::uint32_t stream_id_;
    std::size_t unit_;
};

} // namespace tl::job
