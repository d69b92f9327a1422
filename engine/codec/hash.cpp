#include "codec/hash.h"

#include <cstdio>

#include <xxhash.h>

namespace tl::codec {

struct ContentHasher::State {
    XXH3_state_t* st = XXH3_createState();
    ~State() { XXH3_freeState(st); }
};

std::string Hash128::hex() const {
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                  static_cast<unsigned long long>(lo));
    return buf;
}

Hash128 hash128(const void* data, std::size_t n) {
    const XXH128_hash_t h = XXH3_128bits(data, n);
    return Hash128{h.low64, h.high64};
}

ContentHasher::ContentHasher() : state_(std::make_unique<State>()) {
    reset();
}
ContentHasher::~ContentHasher() = default;
ContentHasher::ContentHasher(ContentHasher&&) noexcept = default;
ContentHasher& ContentHasher::operator=(ContentHasher&&) noexcept = default;

void ContentHasher::reset() {
    XXH3_128bits_reset(state_->st);
}

void ContentHasher::update(const void* data, std::size_t n) {
    if (n) XXH3_128bits_update(state_->st, data, n);
}

Hash128 ContentHasher::finish() const {
    const XXH128_hash_t h = XXH3_128bits_digest(state_->st);
    return Hash128{h.low64, h.high64};
}

} // namespace tl::codec
