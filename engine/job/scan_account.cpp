#include "job/scan_account.h"

#include <algorithm>

namespace tl::job {

namespace {
constexpr std::size_t kMaxLost = 100000; // enough to name where damage is; bounded memory
} // namespace

void StreamAccount::recorded(std::uint64_t header_offset) {
    if (!recorded_.empty() && recorded_.back() > header_offset) sorted_ = false;
    recorded_.push_back(header_offset);
}

void StreamAccount::lost(const LostChunk& chunk) {
    if (lost_.size() < kMaxLost) lost_.push_back(chunk);
}

bool StreamAccount::has(std::uint64_t header_offset) {
    if (!sorted_) {
        std::sort(recorded_.begin(), recorded_.end());
        sorted_ = true;
    }
    return std::binary_search(recorded_.begin(), recorded_.end(), header_offset);
}

std::optional<LostChunk> StreamAccount::lost_at(std::uint64_t header_offset) const {
    std::optional<LostChunk> after;
    for (const auto& c : lost_) {
        if (c.begin <= header_offset && header_offset < c.end) return c;
        if (c.begin > header_offset && (!after || c.begin < after->begin)) after = c;
    }
    return after;
}

} // namespace tl::job
