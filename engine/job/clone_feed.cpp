#include "job/clone_feed.h"

#include <algorithm>
#include <cstring>

#include "format/chunk_seal.h"
#include "job/catalog_writer.h"

namespace tl::media {

Status CheckSink::on_object_header(std::uint64_t offset, const format::ObjectHeader& h) {
    current_ = {};
    current_.name = h.path; // the index joins dir and name: the whole path as the name
    current_.offset = offset;
    current_.size = h.size;
    return {};
}

Status CheckSink::on_object_trailer(const format::ObjectTrailer& t,
                                    const format::ObjectCheck& check) {
    if (!check.length_ok || !check.hash_ok) damaged.push_back(current_.name);
    current_.hash = job::hash_bytes(t.hash);
    current_.has_hash = true;
    if (current_.size == format::kUnknownSize) current_.size = t.data_length;
    completed.push_back(std::move(current_));
    current_ = {};
    return {};
}

Status Feed::acquire() {
    if (cur_) return {};
    cur_ = channel_->acquire();
    if (!cur_) return make_error(ErrorKind::Cancelled, "clone cancelled");
    cur_->offset = next_;
    return {};
}

void Feed::publish() {
    channel_->publish(cur_);
    cur_ = nullptr;
}

// Objects whose last byte was handed over ride with the buffer being filled (or the next one):
// the DriveWorker indexes them once that buffer is on media. Only objects with a catalogued
// header offset (a boundary the worker positions) are indexed.
void Feed::take_completed() {
    for (auto& r : sink_->completed)
        if (std::binary_search(boundaries_.begin(), boundaries_.end(), r.offset))
            pending_.push_back(std::move(r));
    sink_->completed.clear();
    if (!cur_) return;
    for (auto& r : pending_)
        cur_->completed.push_back(std::move(r));
    pending_.clear();
}

void Feed::add_boundaries(std::uint64_t end) {
    while (bi_ < boundaries_.size() && boundaries_[bi_] < end) {
        if (boundaries_[bi_] >= next_) cur_->boundaries.push_back(boundaries_[bi_]);
        ++bi_;
    }
}

Status Feed::put(std::uint64_t off, const std::uint8_t* data, std::size_t n) {
    if (off + n <= next_) return {}; // a block rewritten after end of medium: seen already
    if (off > next_)
        return make_error(ErrorKind::Corrupt,
                          "the original stream has a gap at offset " + std::to_string(next_));
    data += next_ - off;
    n -= static_cast<std::size_t>(next_ - off);
    while (n > 0) {
        TL_TRY(acquire());
        const std::size_t len = std::min(n, cur_->free());
        std::memcpy(cur_->data.get() + cur_->size, data, len);
        add_boundaries(next_ + len);
        cur_->size += len;
        next_ += len;
        data += len;
        n -= len;
        if (n == 0) take_completed();
        if (cur_->free() == 0) publish();
    }
    return {};
}

Status Feed::put_sealed(const format::ChunkView& c) {
    if (!(c.flags & format::chunk_flags::kSealed) || c.length <= format::kSealTagSize)
        return make_error(ErrorKind::Corrupt, "a chunk of stream " + std::to_string(c.stream_id) +
                                                  " at offset " + std::to_string(c.stream_offset) +
                                                  " of an encrypted session is not sealed");
    const std::size_t n = c.length - format::kSealTagSize;
    if (c.stream_offset + n <= next_) return {}; // a block rewritten after end of medium
    if (c.stream_offset != next_)
        return make_error(ErrorKind::Corrupt, "the original stream has a gap at offset " +
                                                  std::to_string(next_) +
                                                  " (its sealed chunks must follow each other)");
    if (cur_ && cur_->free() < n) publish();
    TL_TRY(acquire());
    if (cur_->free() < n)
        return make_error(ErrorKind::Internal, "a sealed chunk larger than a clone buffer");
    std::memcpy(cur_->data.get() + cur_->size, c.data, n);
    job::CopiedChunk copied;
    copied.length = static_cast<std::uint32_t>(n);
    copied.flags = static_cast<std::uint16_t>(c.flags & ~format::chunk_flags::kSealed);
    copied.first_boundary = c.first_boundary;
    std::memcpy(copied.tag.data(), c.data + n, format::kSealTagSize);
    cur_->copied.push_back(copied);
    add_boundaries(next_ + n);
    cur_->size += n;
    next_ += n;
    return {};
}

Status Feed::finish() {
    TL_TRY(acquire());
    take_completed();
    cur_->last = true;
    publish();
    return {};
}

format::SourceKind media_kind(const std::string& kind) {
    if (kind == "files") return format::SourceKind::Dir;
    if (kind == "raw") return format::SourceKind::BlockDevice;
    if (kind == "cmd") return format::SourceKind::Pipe;
    if (kind == "sqlite") return format::SourceKind::Sqlite;
    return format::SourceKind::File;
}

} // namespace tl::media
