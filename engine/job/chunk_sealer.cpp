#include "job/chunk_sealer.h"

#include <algorithm>
#include <cstring>

namespace tl::job {

ChunkFields chunk_fields(const StreamBuffer& b, std::size_t at, std::size_t len) {
    ChunkFields f;
    const std::uint64_t off = b.offset + at;
    if (off == 0) f.flags |= format::chunk_flags::kStreamBegin;
    if (b.last && at + len == b.size) f.flags |= format::chunk_flags::kStreamEnd;
    const auto it = std::lower_bound(b.boundaries.begin(), b.boundaries.end(), off);
    if (it != b.boundaries.end() && *it < off + len)
        f.first_boundary = static_cast<std::uint32_t>(*it - off);
    return f;
}

ChunkSealer::ChunkSealer(std::unique_ptr<format::ChunkCipher> cipher, const format::Uuid& session,
                         std::uint32_t stream_id, std::size_t block_size)
    : cipher_(std::move(cipher)), session_(session), stream_id_(stream_id),
      unit_(format::sealed_unit_size(block_size)) {}

std::size_t ChunkSealer::fill_limit(std::size_t capacity) const {
    return capacity >= unit_ ? capacity - capacity % unit_ : capacity;
}

Status ChunkSealer::seal(StreamBuffer& b) {
    b.sealed_unit = unit_;
    b.tags.resize((b.size + unit_ - 1) / unit_);
    for (std::size_t at = 0, i = 0; at < b.size; at += unit_, ++i) {
        const std::size_t len = std::min(unit_, b.size - at);
        const ChunkFields f = chunk_fields(b, at, len);
        format::ChunkView v;
        v.stream_id = stream_id_;
        v.flags = f.flags;
        v.stream_offset = b.offset + at;
        v.first_boundary = f.first_boundary;
        const format::SealParams p = format::stream_seal_params(session_, v);
        if (!cipher_->seal(p, b.data.get() + at, len, b.tags[i].data())) {
            std::memset(b.data.get(), 0, b.size);
            b.seal_failed = true;
            return make_error(ErrorKind::Io, "stream " + std::to_string(stream_id_) +
                                                 ": a chunk could not be encrypted (OpenSSL)");
        }
    }
    return {};
}

} // namespace tl::job
