#include "format/stream_parser.h"

#include <algorithm>
#include <cstring>

#include "format/record.h"

namespace tl::format {

StreamParser::StreamParser(StreamSink& sink, std::uint32_t stream_id, Options options)
    : sink_(sink), stream_id_(stream_id), opt_(options) {
    if (!opt_.decode_data) opt_.verify_hash = false;
}

Error StreamParser::corrupt(const std::string& what) const {
    std::string where =
        "stream " + std::to_string(stream_id_) + " at offset " + std::to_string(off_ - buf_.size());
    if (object_) where += " (object '" + object_->path + "')";
    return make_error(ErrorKind::Corrupt, where + ": " + what);
}

Status StreamParser::fail(Error e) {
    state_ = State::Lost;
    return e;
}

void StreamParser::resync_at(std::uint64_t stream_offset) {
    buf_.clear();
    object_.reset();
    resync_target_ = stream_offset;
    state_ = State::Skip;
}

Status StreamParser::finish() const {
    if (state_ == State::Header && buf_.empty()) return {};
    if (state_ == State::Skip) return {};
    return make_error(ErrorKind::Corrupt, "stream " + std::to_string(stream_id_) +
                                              " ends at offset " + std::to_string(off_) +
                                              (object_ ? " inside object '" + object_->path + "'"
                                                       : std::string(" inside a structure")));
}

// Returns `want` contiguous bytes of the structure starting at the current position: straight
// from the input when it holds them all and nothing is buffered (the input is not consumed),
// else gathered in buf_ (consuming input). nullptr when the input ran out first.
const std::uint8_t* StreamParser::need(std::size_t want, const std::uint8_t*& p, std::size_t& n) {
    if (buf_.empty() && n >= want) return p;
    if (buf_.size() < want) {
        const std::size_t take = std::min(want - buf_.size(), n);
        buf_.insert(buf_.end(), p, p + take);
        p += take;
        n -= take;
        off_ += take;
    }
    return buf_.size() >= want ? buf_.data() : nullptr;
}

// Marks the structure of `size` bytes obtained through need() as used.
void StreamParser::consume(std::size_t size, const std::uint8_t*& p, std::size_t& n) {
    if (buf_.empty()) {
        p += size;
        n -= size;
        off_ += size;
    } else {
        buf_.clear();
    }
}

Status StreamParser::feed(std::uint64_t stream_offset, const std::uint8_t* data, std::size_t n) {
    if (state_ == State::Lost)
        return corrupt("the parser lost sync after an error; resync_at() the next object");
    const std::uint8_t* p = data;
    if (state_ == State::Skip) {
        if (stream_offset + n <= resync_target_) return {};
        if (stream_offset > resync_target_)
            return make_error(ErrorKind::Corrupt, "stream " + std::to_string(stream_id_) +
                                                      ": resync point " +
                                                      std::to_string(resync_target_) +
                                                      " was not fed (data resumes at " +
                                                      std::to_string(stream_offset) + ")");
        const std::size_t skip = static_cast<std::size_t>(resync_target_ - stream_offset);
        p += skip;
        n -= skip;
        stream_offset = resync_target_;
        off_ = resync_target_;
        state_ = State::Header;
    }
    if (stream_offset < off_) { // already seen: a duplicate after an end-of-medium rewrite
        const std::uint64_t dup = off_ - stream_offset;
        if (dup >= n) return {};
        p += dup;
        n -= static_cast<std::size_t>(dup);
    } else if (stream_offset > off_) {
        return fail(corrupt("gap: data resumes at offset " + std::to_string(stream_offset)));
    }
    while (n > 0) {
        Status s = step(p, n);
        if (!s) return fail(s.error());
    }
    return {};
}

Status StreamParser::step(const std::uint8_t*& p, std::size_t& n) {
    switch (state_) {
    case State::Header: {
        const std::uint8_t* pre = need(kRecordPreambleSize, p, n);
        if (!pre) return {};
        if (std::memcmp(pre, kObjectHeaderMagic, 4) != 0)
            return corrupt("expected an object header (TLOB)");
        auto rp = read_preamble(pre, kRecordPreambleSize);
        if (!rp) return corrupt(rp.error().message);
        const std::uint8_t* rec = need(rp->total_len, p, n);
        if (!rec) return {};
        object_offset_ = off_ - buf_.size();
        TL_TRY(on_header(rec, rp->total_len));
        consume(rp->total_len, p, n);
        state_ = State::FrameOrTrailer;
        return {};
    }
    case State::FrameOrTrailer: {
        // A frame header is 9 bytes and a trailer 44, so 9 bytes can always be gathered.
        const std::uint8_t* h = need(kFrameHeaderSize, p, n);
        if (!h) return {};
        if (std::memcmp(h, kObjectTrailerMagic, 4) == 0) {
            const std::uint8_t* pre = need(kRecordPreambleSize, p, n);
            if (!pre) return {};
            auto rp = read_preamble(pre, kRecordPreambleSize);
            if (!rp) return corrupt(rp.error().message);
            const std::uint8_t* rec = need(rp->total_len, p, n);
            if (!rec) return {};
            TL_TRY(on_trailer(rec, rp->total_len));
            consume(rp->total_len, p, n);
            state_ = State::Header;
            return {};
        }
        auto f = load_frame_header(h);
        if (!f) return corrupt(f.error().message);
        frame_ = f.value();
        consume(kFrameHeaderSize, p, n);
        if (frame_.codec == codec::Codec::None) {
            frame_left_ = frame_.raw_len;
            state_ = State::RawData;
        } else {
            frame_left_ = frame_.stored_len;
            state_ = State::PackedData;
        }
        return {};
    }
    case State::RawData: {
        const std::size_t take = std::min<std::size_t>(frame_left_, n);
        if (opt_.decode_data) TL_TRY(deliver(p, take));
        p += take;
        n -= take;
        off_ += take;
        frame_left_ -= static_cast<std::uint32_t>(take);
        if (frame_left_ == 0) state_ = State::FrameOrTrailer;
        return {};
    }
    case State::PackedData: {
        if (!opt_.decode_data) { // skipping: no need to gather the frame
            const std::size_t take = std::min<std::size_t>(frame_left_, n);
            p += take;
            n -= take;
            off_ += take;
            frame_left_ -= static_cast<std::uint32_t>(take);
            if (frame_left_ == 0) state_ = State::FrameOrTrailer;
            return {};
        }
        const std::uint8_t* stored = need(frame_.stored_len, p, n);
        if (!stored) return {};
        out_.resize(frame_.raw_len);
        auto d = decompressor_.decompress(frame_.codec, stored, frame_.stored_len, out_.data(),
                                          frame_.raw_len);
        if (!d) return corrupt(d.error().message);
        TL_TRY(deliver(out_.data(), frame_.raw_len));
        consume(frame_.stored_len, p, n);
        state_ = State::FrameOrTrailer;
        return {};
    }
    case State::Skip:
    case State::Lost:
        break;
    }
    return corrupt("internal: parser in an unexpected state");
}

Status StreamParser::on_header(const std::uint8_t* rec, std::size_t len) {
    auto h = decode_object_header(rec, len);
    if (!h) return corrupt(h.error().message);
    object_ = std::move(h.value());
    data_pos_ = 0;
    extent_ = 0;
    extent_used_ = 0;
    if (opt_.verify_hash) hasher_.reset();
    return sink_.on_object_header(object_offset_, *object_);
}

Status StreamParser::on_trailer(const std::uint8_t* rec, std::size_t len) {
    auto t = decode_object_trailer(rec, len);
    if (!t) return corrupt(t.error().message);
    ObjectCheck check;
    check.data_length = data_pos_;
    check.length_ok = !opt_.decode_data || data_pos_ == t->data_length;
    if (opt_.verify_hash) {
        check.hash = hasher_.finish();
        check.hash_ok = check.hash == t->hash;
    }
    Status s = sink_.on_object_trailer(t.value(), check);
    object_.reset();
    return s;
}

// Reports raw data, mapping it through the sparse map to file offsets.
Status StreamParser::deliver(const std::uint8_t* data, std::size_t n) {
    if (opt_.verify_hash) hasher_.update(data, n);
    if (!(object_->flags & object_flags::kSparse)) {
        TL_TRY(sink_.on_data(data_pos_, data, n));
        data_pos_ += n;
        return {};
    }
    const auto& map = object_->sparse_map;
    while (n > 0) {
        while (extent_ < map.size() && extent_used_ == map[extent_].length) {
            ++extent_;
            extent_used_ = 0;
        }
        if (extent_ >= map.size()) return corrupt("more data than its sparse map describes");
        const std::size_t take = static_cast<std::size_t>(
            std::min<std::uint64_t>(n, map[extent_].length - extent_used_));
        TL_TRY(sink_.on_data(map[extent_].offset + extent_used_, data, take));
        extent_used_ += take;
        data_pos_ += take;
        data += take;
        n -= take;
    }
    return {};
}

} // namespace tl::format
