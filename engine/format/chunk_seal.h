#pragma once
// Sealed chunks (docs/format.md §3.4): in a session written with a key, each chunk payload is
// encrypted and authenticated (AES-256-GCM) where it lies in its block, after compression, with
// its 16-byte tag appended. The format only decides nonce and associated data; the cipher
// itself is behind ChunkCipher (engine/crypto/ implements it with OpenSSL), so format/ stays
// free of a crypto library.
//
// Block version 3 (written now): a chunk is sealed where its stream is produced, before the
// multiplexer places it, so its nonce names its place in the stream: u32 stream_id, u64
// stream_offset — unique inside a session (each stream byte is written once; a block rewritten
// on the next volume at end of medium carries the same ciphertext), whose chunk key is derived
// from the session UUID. Associated data: session UUID, zero (8 + 4 bytes), and the chunk
// header's stream_id, flags, stream_offset and first_boundary: a relabelled chunk fails its
// authentication like a changed byte; a chunk moved to another block still names its stream
// place, which is where the reader puts it.
// Block version 2 (still read): nonce u64 session_block_seq, u32 chunk index in the block;
// the associated data holds both in place of the zeros.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "common/result.h"
#include "format/block.h"

namespace tl::format {

inline constexpr std::size_t kSealTagSize = 16;
inline constexpr std::size_t kSealNonceSize = 12;
inline constexpr std::size_t kSealAadSize = 16 + 8 + 4 + 4 + 2 + 8 + 4;

struct SealParams {
    std::array<std::uint8_t, kSealNonceSize> nonce{};
    std::array<std::uint8_t, kSealAadSize> aad{};
};

// The AEAD a session's chunks use. seal() encrypts `n` bytes in place and writes the tag;
// open() decrypts in place and fails (Corrupt) when the tag does not match.
class ChunkCipher {
public:
    virtual ~ChunkCipher() = default;
    virtual Status seal(const SealParams& p, std::uint8_t* data, std::size_t n,
                        std::uint8_t* tag) const = 0;
    virtual Status open(const SealParams& p, std::uint8_t* data, std::size_t n,
                        const std::uint8_t* tag) const = 0;
};

// What a session seals: its data streams always; the control stream (index segments and
// trailers, which list every path) unless names are left readable on purpose.
struct SealPolicy {
    const ChunkCipher* cipher = nullptr; // nullptr: nothing sealed here (a clear session)
    bool seal_control = true;
    // A copy of a sealed session made without its key (a clone, docs/format.md §3.4): the data
    // chunks arrive sealed, whole, and are placed as they are; nothing is sealed here (the
    // control stream stays clear and carries no names) and the blocks are still version 3.
    bool copies_sealed = false;
    bool seals(std::uint32_t stream_id) const {
        return cipher && (stream_id != kControlStream || seal_control);
    }
    bool sealed_blocks() const { return cipher || copies_sealed; }
};

// Nonce and associated data of chunk `index` of a version 2 block (flags without kSealed).
SealParams seal_params(const Uuid& session, std::uint64_t block_seq, std::uint32_t index,
                       const ChunkView& chunk);
// Nonce and associated data of a chunk of a version 3 block (flags without kSealed).
SealParams stream_seal_params(const Uuid& session, const ChunkView& chunk);

// The payload of a chunk a stream's producer seals (version 3): four such chunks, each with
// its header and tag, fill a block of `block_size` exactly, so whole sealed chunks pack blocks
// without waste. A multiple of 8.
std::size_t sealed_unit_size(std::size_t block_size);

// Decrypts, in place, every sealed chunk of a parsed block and turns its view into the clear
// payload (tag removed, kSealed cleared). `block` is the buffer the views point into.
// KeyMissing without a cipher when a chunk is sealed. `seal_session`, when given, is the session
// whose chunk key sealed the data chunks (a copy made sealed, §3.4: its data chunks are the
// original's): their associated data names it instead of the block's session; the control
// stream's chunks are always the block's own. A chunk whose tag does not match keeps
// kSealed and gets data == nullptr (the others open normally, so only the objects in that
// chunk are lost); the count of such chunks is returned, auth_failure() describes each.
Result<std::uint32_t> unseal_chunks(std::uint8_t* block, const BlockHeader& header,
                                    std::span<ChunkView> chunks, const ChunkCipher* cipher,
                                    const Uuid* seal_session = nullptr);

// "block 12 (tape file 1, block 11) chunk 2 of stream 3 failed its authentication (...)".
std::string auth_failure(const BlockHeader& header, std::uint32_t index, const ChunkView& chunk);
// True for a chunk unseal_chunks() could not authenticate.
inline bool failed_auth(const ChunkView& c) {
    return c.data == nullptr;
}

// True when any chunk of the block is sealed.
bool has_sealed_chunks(std::span<const ChunkView> chunks);

} // namespace tl::format
