#include <cstring>
#include <utility>

#include "format/index.h"
#include "format/record.h"

namespace tl::format {

ControlKind control_kind(const std::uint8_t* rec, std::size_t n) {
    if (n < 4) return ControlKind::Unknown;
    if (std::memcmp(rec, kIndexSegmentMagic, 4) == 0) return ControlKind::IndexSegment;
    if (std::memcmp(rec, kSessionTrailerMagic, 4) == 0) return ControlKind::SessionTrailer;
    if (std::memcmp(rec, kEovMagic, 4) == 0) return ControlKind::Eov;
    return ControlKind::Unknown;
}

void ControlStreamParser::resync_at(std::uint64_t stream_offset) {
    partial_.clear();
    skipping_ = true;
    target_ = stream_offset;
}

std::vector<ControlRecord> ControlStreamParser::take() {
    return std::exchange(done_, {});
}

Status ControlStreamParser::feed(std::uint64_t stream_offset, const std::uint8_t* data,
                                 std::size_t n) {
    if (skipping_) {
        if (stream_offset + n <= target_) return {};
        if (stream_offset > target_)
            return make_error(ErrorKind::Corrupt, "control stream: resync point " +
                                                      std::to_string(target_) + " was not fed");
        off_ = target_;
        skipping_ = false;
    }
    if (stream_offset < off_) { // duplicate bytes (a rewritten block)
        const std::uint64_t dup = off_ - stream_offset;
        if (dup >= n) return {};
        data += dup;
        n -= static_cast<std::size_t>(dup);
    } else if (stream_offset > off_) {
        return make_error(ErrorKind::Corrupt, "control stream: gap at offset " +
                                                  std::to_string(off_) + " (data resumes at " +
                                                  std::to_string(stream_offset) + ")");
    }
    while (n > 0) {
        std::size_t want = kRecordPreambleSize;
        if (partial_.size() >= kRecordPreambleSize) want = load_u32(partial_.data() + 8);
        const std::size_t take = std::min(want - partial_.size(), n);
        partial_.insert(partial_.end(), data, data + take);
        data += take;
        n -= take;
        off_ += take;
        if (partial_.size() < kRecordPreambleSize) continue;
        if (partial_.size() == kRecordPreambleSize) { // length just became known: check it
            auto pre = read_preamble(partial_.data(), partial_.size());
            if (!pre)
                return make_error(ErrorKind::Corrupt, "control stream at offset " +
                                                          std::to_string(off_ - partial_.size()) +
                                                          ": " + pre.error().message);
        }
        if (partial_.size() == load_u32(partial_.data() + 8)) {
            ControlRecord rec;
            rec.offset = off_ - partial_.size();
            rec.kind = control_kind(partial_.data(), partial_.size());
            rec.bytes = std::move(partial_);
            partial_.clear();
            done_.push_back(std::move(rec));
        }
    }
    return {};
}

} // namespace tl::format
