#include "job/stream_writer.h"

#include <algorithm>
#include <cstring>

#include "codec/crc32c.h"
#include "format/constants.h"

namespace tl::job {

namespace {
constexpr std::size_t kMinDataRoom = 4096; // below this, start a fresh buffer
// ... of a block-shaped buffer (job/stream_buffer.h): it becomes a block of its own, so what it
// leaves unfilled is padding on tape; with at most 265 bytes left it counts as full there.
constexpr std::size_t kMinBlockDataRoom = 256;
constexpr std::size_t kCompressedFrame = 128 * 1024; // raw bytes per compressed frame
Error cancelled() {
    return make_error(ErrorKind::Cancelled, "backup cancelled");
}
} // namespace

StreamWriter::StreamWriter(StreamChannel& channel, codec::CodecSpec codec)
    : ch_(channel), codec_(codec), compressor_(codec), fill_(channel.buffer_bytes()) {}

void StreamWriter::set_sealer(std::unique_ptr<ChunkSealer> sealer) {
    sealer_ = std::move(sealer);
    fill_ = sealer_ ? sealer_->fill_limit(ch_.buffer_bytes()) : ch_.buffer_bytes();
}

Status StreamWriter::publish() {
    if (!cur_) return {};
    Status sealed = sealer_ ? sealer_->seal(*cur_) : Status{};
    ch_.publish(cur_); // even when sealing failed: the multiplexer then fails the job
    cur_ = nullptr;
    return sealed;
}

Status StreamWriter::ensure(std::size_t want) {
    if (cur_ && room() >= want) return {};
    if (cur_ && cur_->size > 0) TL_TRY(publish());
    if (!cur_) {
        cur_ = ch_.acquire();
        if (!cur_) return cancelled();
        cur_->offset = offset_;
    }
    return {};
}

Status StreamWriter::write_bytes(const std::uint8_t* p, std::size_t n) {
    while (n > 0) {
        TL_TRY(ensure(1));
        const std::size_t take = std::min(n, room());
        std::uint8_t* to = cur_->data.get() + cur_->size;
        std::memcpy(to, p, take);
        if (ch_.block_shaped()) cur_->crc = codec::crc32c(to, take, cur_->crc);
        cur_->size += take;
        offset_ += take;
        p += take;
        n -= take;
    }
    return {};
}

Status StreamWriter::begin_object(const format::ObjectHeader& header) {
    scratch_.clear();
    format::encode_object_header(header, scratch_);
    TL_TRY(ensure(std::min(scratch_.size(), fill_)));
    cur_->boundaries.push_back(offset_);
    return write_bytes(scratch_.data(), scratch_.size());
}

Result<std::uint8_t*> StreamWriter::data_area(std::size_t max_raw, std::size_t& capacity) {
    if (codec_.codec != codec::Codec::None) {
        capacity = std::min(max_raw, kCompressedFrame);
        scratch_.resize(capacity);
        raw_in_scratch_ = true;
        return scratch_.data();
    }
    raw_in_scratch_ = false;
    const std::size_t min_room = ch_.block_shaped() ? kMinBlockDataRoom : kMinDataRoom;
    const std::size_t want = format::kFrameHeaderSize + std::min(max_raw, min_room);
    TL_TRY(ensure(want));
    frame_ = cur_->data.get() + cur_->size;
    capacity = std::min<std::size_t>({max_raw, room() - format::kFrameHeaderSize,
                                      static_cast<std::size_t>(format::kMaxFrameSize)});
    return frame_ + format::kFrameHeaderSize;
}

Status StreamWriter::commit_data(std::size_t n) {
    if (n == 0) return {};
    raw_bytes_ += n;
    if (!raw_in_scratch_) {
        format::store_frame_header(frame_, {static_cast<std::uint32_t>(n),
                                            static_cast<std::uint32_t>(n), codec::Codec::None});
        if (ch_.block_shaped())
            cur_->crc = codec::crc32c(frame_, format::kFrameHeaderSize + n, cur_->crc);
        cur_->size += format::kFrameHeaderSize + n;
        offset_ += format::kFrameHeaderSize + n;
        return {};
    }
    packed_.resize(format::kFrameHeaderSize + n);
    auto packed =
        compressor_.compress(scratch_.data(), n, packed_.data() + format::kFrameHeaderSize, n);
    if (!packed) return packed.error();
    format::FrameHeader fh{static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(n),
                           codec::Codec::None};
    if (packed.value() > 0) {
        fh.stored_len = static_cast<std::uint32_t>(packed.value());
        fh.codec = codec_.codec;
    } else {
        std::memcpy(packed_.data() + format::kFrameHeaderSize, scratch_.data(), n);
    }
    format::store_frame_header(packed_.data(), fh);
    return write_bytes(packed_.data(), format::kFrameHeaderSize + fh.stored_len);
}

Status StreamWriter::end_object(const format::ObjectTrailer& trailer, FileRecord record) {
    scratch_.clear();
    format::encode_object_trailer(trailer, scratch_);
    TL_TRY(write_bytes(scratch_.data(), scratch_.size()));
    cur_->completed.push_back(std::move(record));
    return {};
}

Status StreamWriter::finish() {
    TL_TRY(ensure(0));
    cur_->last = true;
    return publish();
}

} // namespace tl::job
