#include <algorithm>
#include <cstdio>
#include <cstring>

#include "codec/crc32c.h"
#include "format/block.h"
#include "format/bytes.h"

namespace tl::format {
namespace {

constexpr std::size_t kBlockCrcOffset = 20;

std::string hex32(std::uint32_t v) {
    char buf[11];
    std::snprintf(buf, sizeof buf, "0x%08X", v);
    return buf;
}

// CRC of a block with its crc field taken as zero, without modifying the block.
std::uint32_t block_crc(const std::uint8_t* b, std::size_t n) {
    static const std::uint8_t zeros[4] = {0, 0, 0, 0};
    std::uint32_t c = codec::crc32c(b, kBlockCrcOffset);
    c = codec::crc32c(zeros, 4, c);
    return codec::crc32c(b + kBlockCrcOffset + 4, n - kBlockCrcOffset - 4, c);
}

BlockHeader read_header(const std::uint8_t* h) {
    BlockHeader bh;
    bh.version = load_u16(h + 4);
    bh.flags = load_u16(h + 6);
    bh.block_len = load_u32(h + 8);
    bh.payload_len = load_u32(h + 12);
    bh.chunk_count = load_u32(h + 16);
    bh.crc32c = load_u32(h + 20);
    std::memcpy(bh.session_uuid.bytes.data(), h + 24, 16);
    bh.session_block_seq = load_u64(h + 40);
    bh.volume_seq = load_u32(h + 48);
    bh.tape_file = load_u32(h + 52);
    bh.block_in_file = load_u32(h + 56);
    return bh;
}

bool known_block_version(std::uint16_t v) {
    return v == kBlockVersion || v == kBlockVersionSealed || v == kBlockVersionStreamSealed;
}

Error corrupt(const BlockHeader& h, const std::string& what) {
    return make_error(ErrorKind::Corrupt, "block " + std::to_string(h.session_block_seq) +
                                              " (tape file " + std::to_string(h.tape_file) +
                                              ", block " + std::to_string(h.block_in_file) +
                                              "): " + what);
}

} // namespace

bool valid_block_size(std::size_t n) {
    return n >= kMinBlockSize && n <= kMaxBlockSize && n % kBlockSizeGranule == 0;
}

Status check_block_size(std::size_t n) {
    if (valid_block_size(n)) return {};
    return make_error(ErrorKind::InvalidArgument,
                      "block size " + std::to_string(n) +
                          " is invalid; use a multiple of 1 KiB from 64 KiB to 4 MiB");
}

Result<BlockHeader> peek_block_header(const std::uint8_t* block, std::size_t n) {
    if (n < kBlockHeaderSize)
        return make_error(ErrorKind::Corrupt, "block of " + std::to_string(n) +
                                                  " bytes is shorter than a block header");
    if (std::memcmp(block, kBlockMagic, 4) != 0)
        return make_error(ErrorKind::Corrupt, "not a Tapeloom data block (no MXB1 magic)");
    BlockHeader h = read_header(block);
    if (!known_block_version(h.version))
        return make_error(ErrorKind::Unsupported,
                          "block " + std::to_string(h.session_block_seq) + " has format version " +
                              std::to_string(h.version) + "; this build reads versions " +
                              std::to_string(kBlockVersion) + " to " +
                              std::to_string(kBlockVersionStreamSealed));
    return h;
}

Status BlockReader::parse(const std::uint8_t* block, std::size_t n) {
    chunks_.clear();
    if (n < kBlockHeaderSize)
        return make_error(ErrorKind::Corrupt, "block of " + std::to_string(n) +
                                                  " bytes is shorter than a block header");
    if (std::memcmp(block, kBlockMagic, 4) != 0)
        return make_error(ErrorKind::Corrupt, "not a Tapeloom data block (no MXB1 magic)");
    header_ = read_header(block);
    const BlockHeader& h = header_;
    if (h.block_len != n)
        return corrupt(h, "length " + std::to_string(n) + " read, header says " +
                              std::to_string(h.block_len) + " (torn or truncated block)");
    if (!valid_block_size(n)) return corrupt(h, "invalid block size " + std::to_string(n));
    const std::uint32_t crc = block_crc(block, n);
    if (crc != h.crc32c)
        return corrupt(h, "CRC32C mismatch (stored " + hex32(h.crc32c) + ", computed " +
                              hex32(crc) + ")");
    // The CRC matched, so what follows only fails for a newer format, a writer bug or a
    // forged block. The version is checked after the CRC so a flipped bit reads as Corrupt.
    if (!known_block_version(h.version))
        return make_error(ErrorKind::Unsupported,
                          "block " + std::to_string(h.session_block_seq) + " has format version " +
                              std::to_string(h.version) + "; this build reads versions " +
                              std::to_string(kBlockVersion) + " to " +
                              std::to_string(kBlockVersionStreamSealed));
    const std::uint16_t known_chunk_flags =
        h.version == kBlockVersion ? chunk_flags::kAll : chunk_flags::kAllSealed;
    if ((h.flags & ~block_flags::kAll) != 0 || load_u32(block + 60) != 0)
        return corrupt(h, "unknown flags or reserved bits set");
    if (h.payload_len > n - kBlockHeaderSize)
        return corrupt(h, "payload length " + std::to_string(h.payload_len) + " overruns block");
    const std::size_t end = kBlockHeaderSize + h.payload_len;
    std::size_t pos = kBlockHeaderSize;
    for (std::uint32_t i = 0; i < h.chunk_count; ++i) {
        if (pos + kChunkHeaderSize > end)
            return corrupt(h, "chunk " + std::to_string(i) + " header overruns the payload");
        const std::uint8_t* c = block + pos;
        ChunkView v;
        v.stream_id = load_u32(c);
        v.flags = load_u16(c + 4);
        v.stream_offset = load_u64(c + 8);
        v.length = load_u32(c + 16);
        v.first_boundary = load_u32(c + 20);
        v.data = c + kChunkHeaderSize;
        if (v.length == 0 || v.length > end - pos - kChunkHeaderSize)
            return corrupt(h, "chunk " + std::to_string(i) + " length " + std::to_string(v.length) +
                                  " overruns the payload");
        if ((v.flags & ~known_chunk_flags) != 0 || load_u16(c + 6) != 0)
            return corrupt(h, "chunk " + std::to_string(i) + " has unknown flags");
        const std::uint32_t clear_len =
            (v.flags & chunk_flags::kSealed)
                ? v.length - static_cast<std::uint32_t>(std::min<std::size_t>(v.length, 16))
                : v.length;
        if ((v.flags & chunk_flags::kSealed) && clear_len == 0)
            return corrupt(h, "sealed chunk " + std::to_string(i) + " is shorter than its tag");
        if (v.first_boundary != kNoBoundary && v.first_boundary >= clear_len)
            return corrupt(h, "chunk " + std::to_string(i) + " first_boundary " +
                                  std::to_string(v.first_boundary) + " is outside the chunk");
        chunks_.push_back(v);
        pos += kChunkHeaderSize + v.length;
        pos = (pos + kChunkAlign - 1) & ~(kChunkAlign - 1);
    }
    return {};
}

Result<ParsedBlock> parse_block(const std::uint8_t* block, std::size_t n) {
    BlockReader r;
    TL_TRY(r.parse(block, n));
    return ParsedBlock{r.header(), {r.chunks().begin(), r.chunks().end()}};
}

Status patch_block_position(std::uint8_t* block, std::size_t n, std::uint32_t volume_seq,
                            std::uint32_t tape_file, std::uint32_t block_in_file) {
    BlockReader r;
    TL_TRY(r.parse(block, n));
    store_u32(block + 48, volume_seq);
    store_u32(block + 52, tape_file);
    store_u32(block + 56, block_in_file);
    store_u32(block + kBlockCrcOffset, block_crc(block, n));
    return {};
}

} // namespace tl::format
