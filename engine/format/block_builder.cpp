#include "format/block_builder.h"

#include <cassert>
#include <cstring>

#include "codec/crc32c.h"
#include "format/bytes.h"

namespace tl::format {
namespace {
std::size_t align_up(std::size_t n) {
    return (n + kChunkAlign - 1) & ~(kChunkAlign - 1);
}
} // namespace

void BlockBuilder::reset(std::uint8_t* buffer, std::size_t block_len, const BlockStamp& stamp) {
    assert(buffer && valid_block_size(block_len));
    buf_ = buffer;
    len_ = block_len;
    pos_ = kBlockHeaderSize;
    stamp_ = stamp;
    chunk_count_ = 0;
    open_ = false;
    open_capacity_ = 0;
    known_len_ = 0;
}

std::size_t BlockBuilder::free_for_chunk() const {
    if (open_ || pos_ + kChunkHeaderSize + tag_room() >= len_) return 0;
    return len_ - pos_ - kChunkHeaderSize - tag_room();
}

std::uint8_t* BlockBuilder::begin_chunk(std::uint32_t stream_id, std::uint64_t stream_offset,
                                        std::uint16_t flags, std::uint32_t first_boundary) {
    assert(buf_ && !open_ && free_for_chunk() > 0);
    std::uint8_t* h = buf_ + pos_;
    store_u32(h + 0, stream_id);
    store_u16(h + 4, flags);
    store_u16(h + 6, 0);
    store_u64(h + 8, stream_offset);
    store_u32(h + 16, 0); // length, set by end_chunk()
    store_u32(h + 20, first_boundary);
    open_capacity_ = free_for_chunk();
    open_ = true;
    return h + kChunkHeaderSize;
}

void BlockBuilder::set_first_boundary(std::uint32_t first_boundary) {
    assert(open_);
    store_u32(buf_ + pos_ + 20, first_boundary);
}

void BlockBuilder::add_chunk_flags(std::uint16_t flags) {
    assert(open_);
    store_u16(buf_ + pos_ + 4, static_cast<std::uint16_t>(load_u16(buf_ + pos_ + 4) | flags));
}

void BlockBuilder::end_chunk(std::size_t payload_len) {
    assert(open_ && payload_len <= open_capacity_);
    open_ = false;
    open_capacity_ = 0;
    if (payload_len == 0) return; // dropped: the next chunk overwrites its header
    std::uint8_t* h = buf_ + pos_;
    assert(load_u32(h + 20) == kNoBoundary || load_u32(h + 20) < payload_len);
    store_u32(h + 16, static_cast<std::uint32_t>(payload_len));
    if (seal_.seals(load_u32(h))) {
        seal_open_chunk(payload_len);
        payload_len += kSealTagSize;
    }
    const std::size_t end = pos_ + kChunkHeaderSize + payload_len;
    const std::size_t aligned = std::min(align_up(end), len_);
    std::memset(buf_ + end, 0, aligned - end); // alignment padding is part of the CRC
    pos_ = aligned;
    ++chunk_count_;
}

void BlockBuilder::end_chunk_with_crc(std::size_t payload_len, std::uint32_t payload_crc) {
    assert(open_ && known_len_ == 0 && !seal_.seals(load_u32(buf_ + pos_)));
    known_at_ = pos_ + kChunkHeaderSize;
    end_chunk(payload_len);
    known_len_ = payload_len;
    known_crc_ = payload_crc;
}

void BlockBuilder::end_sealed_chunk(std::size_t payload_len) {
    assert(open_ && seal_.sealed_blocks() && payload_len > 0 && payload_len <= open_capacity_);
    add_chunk_flags(chunk_flags::kSealed);
    open_ = false;
    open_capacity_ = 0;
    std::uint8_t* h = buf_ + pos_;
    const std::size_t sealed_len = payload_len + kSealTagSize;
    store_u32(h + 16, static_cast<std::uint32_t>(sealed_len));
    const std::size_t end = pos_ + kChunkHeaderSize + sealed_len;
    const std::size_t aligned = std::min(align_up(end), len_);
    std::memset(buf_ + end, 0, aligned - end);
    pos_ = aligned;
    ++chunk_count_;
}

void BlockBuilder::seal_open_chunk(std::size_t payload_len) {
    std::uint8_t* h = buf_ + pos_;
    ChunkView v;
    v.stream_id = load_u32(h);
    v.flags = load_u16(h + 4);
    v.stream_offset = load_u64(h + 8);
    v.first_boundary = load_u32(h + 20);
    const SealParams p = stream_seal_params(stamp_.session_uuid, v);
    std::uint8_t* data = h + kChunkHeaderSize;
    // A failing EVP call on a valid key is a broken crypto library. The clear text must not
    // reach the tape: the chunk is zeroed and the writer fails the job (seal_failed()).
    if (!seal_.cipher->seal(p, data, payload_len, data + payload_len)) {
        std::memset(data, 0, payload_len + kSealTagSize);
        seal_failed_ = true;
    }
    store_u16(h + 4, static_cast<std::uint16_t>(v.flags | chunk_flags::kSealed));
    store_u32(h + 16, static_cast<std::uint32_t>(payload_len + kSealTagSize));
}

void BlockBuilder::finish(std::uint32_t tape_file, std::uint32_t block_in_file) {
    assert(buf_ && !open_);
    std::memset(buf_ + pos_, 0, len_ - pos_);
    std::uint8_t* h = buf_;
    std::memcpy(h, kBlockMagic, 4);
    store_u16(h + 4, seal_.sealed_blocks() ? kBlockVersionStreamSealed : kBlockVersion);
    store_u16(h + 6, stamp_.flags);
    store_u32(h + 8, static_cast<std::uint32_t>(len_));
    store_u32(h + 12, static_cast<std::uint32_t>(pos_ - kBlockHeaderSize));
    store_u32(h + 16, chunk_count_);
    store_u32(h + 20, 0);
    std::memcpy(h + 24, stamp_.session_uuid.bytes.data(), 16);
    store_u64(h + 40, stamp_.session_block_seq);
    store_u32(h + 48, stamp_.volume_seq);
    store_u32(h + 52, tape_file);
    store_u32(h + 56, block_in_file);
    store_u32(h + 60, 0);
    store_u32(h + 20, block_crc());
}

std::uint32_t BlockBuilder::block_crc() const {
    if (known_len_ == 0) return codec::crc32c(buf_, len_);
    std::uint32_t crc = codec::crc32c(buf_, known_at_);
    crc = codec::crc32c_combine(crc, known_crc_, known_len_);
    const std::size_t after = known_at_ + known_len_;
    return codec::crc32c(buf_ + after, len_ - after, crc);
}

} // namespace tl::format
