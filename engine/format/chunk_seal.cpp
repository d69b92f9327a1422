#include "format/chunk_seal.h"

#include <cstring>

#include "format/bytes.h"

namespace tl::format {

SealParams seal_params(const Uuid& session, std::uint64_t block_seq, std::uint32_t index,
                       const ChunkView& chunk) {
    SealParams p;
    store_u64(p.nonce.data(), block_seq);
    store_u32(p.nonce.data() + 8, index);
    std::uint8_t* a = p.aad.data();
    std::memcpy(a, session.bytes.data(), 16);
    store_u64(a + 16, block_seq);
    store_u32(a + 24, index);
    store_u32(a + 28, chunk.stream_id);
    store_u16(a + 32, static_cast<std::uint16_t>(chunk.flags & ~chunk_flags::kSealed));
    store_u64(a + 34, chunk.stream_offset);
    store_u32(a + 42, chunk.first_boundary);
    return p;
}

SealParams stream_seal_params(const Uuid& session, const ChunkView& chunk) {
    SealParams p = seal_params(session, 0, 0, chunk);
    store_u32(p.nonce.data(), chunk.stream_id);
    store_u64(p.nonce.data() + 4, chunk.stream_offset);
    return p;
}

std::size_t sealed_unit_size(std::size_t block_size) {
    constexpr std::size_t kUnitsPerBlock = 4;
    const std::size_t slot = (block_size - kBlockHeaderSize) / kUnitsPerBlock;
    return (slot - kChunkHeaderSize - kSealTagSize) & ~(kChunkAlign - 1);
}

bool has_sealed_chunks(std::span<const ChunkView> chunks) {
    for (const auto& c : chunks)
        if (c.flags & chunk_flags::kSealed) return true;
    return false;
}

namespace {
std::string chunk_place(const BlockHeader& header, std::uint32_t index, const ChunkView& c) {
    return "block " + std::to_string(header.session_block_seq) + " (tape file " +
           std::to_string(header.tape_file) + ", block " + std::to_string(header.block_in_file) +
           ") chunk " + std::to_string(index) + " of stream " + std::to_string(c.stream_id);
}
} // namespace

std::string auth_failure(const BlockHeader& header, std::uint32_t index, const ChunkView& chunk) {
    return chunk_place(header, index, chunk) +
           " failed its authentication (altered on the medium, or a wrong key)";
}

Result<std::uint32_t> unseal_chunks(std::uint8_t* block, const BlockHeader& header,
                                    std::span<ChunkView> chunks, const ChunkCipher* cipher,
                                    const Uuid* seal_session) {
    std::uint32_t failed = 0;
    for (std::uint32_t i = 0; i < chunks.size(); ++i) {
        ChunkView& c = chunks[i];
        if (!(c.flags & chunk_flags::kSealed)) continue;
        if (!cipher)
            return make_error(ErrorKind::KeyMissing,
                              chunk_place(header, i, c) + " is encrypted and no key was given");
        const std::size_t n = c.length - kSealTagSize;
        std::uint8_t* data = block + (c.data - block);
        const Uuid& sealed_by =
            seal_session && c.stream_id != kControlStream ? *seal_session : header.session_uuid;
        const SealParams p = header.version == kBlockVersionSealed
                                 ? seal_params(header.session_uuid, header.session_block_seq, i, c)
                                 : stream_seal_params(sealed_by, c);
        if (!cipher->open(p, data, n, data + n)) {
            c.data = nullptr;
            ++failed;
            continue;
        }
        c.flags = static_cast<std::uint16_t>(c.flags & ~chunk_flags::kSealed);
        c.length = static_cast<std::uint32_t>(n);
    }
    return failed;
}

} // namespace tl::format
