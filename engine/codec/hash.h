#pragma once
// 128-bit content hash (XXH3-128, xxHash 0.8): the end-to-end check of every object's data,
// stored in object trailers and the index (docs/format.md §6). Not cryptographic: it detects
// corruption and mix-ups, not tampering.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace tl::codec {

struct Hash128 {
    std::uint64_t lo = 0; // XXH128_hash_t.low64
    std::uint64_t hi = 0; // XXH128_hash_t.high64
    // 32 lowercase hex digits, hi first: the same text as xxhsum's canonical form.
    std::string hex() const;
    friend bool operator==(const Hash128&, const Hash128&) = default;
};

// XXH3-128 of a buffer (seed 0).
Hash128 hash128(const void* data, std::size_t n);

// The compiled variant of XXH3 in use: "avx512", "avx2" or "baseline", the widest this CPU and
// kernel run (chosen once; all give the same hashes). Bench reports name it.
const char* hash_kernel_name();

// Streaming XXH3-128: update() any number of times with consecutive pieces, then finish().
// finish() does not reset; call reset() to start another object. Same result as hash128() of
// the concatenation. Not thread-safe (one per thread or per stream); movable, not copyable.
class ContentHasher final {
public:
    ContentHasher();
    ~ContentHasher();
    ContentHasher(ContentHasher&&) noexcept;
    ContentHasher& operator=(ContentHasher&&) noexcept;
    ContentHasher(const ContentHasher&) = delete;
    ContentHasher& operator=(const ContentHasher&) = delete;

    void reset();
    void update(const void* data, std::size_t n);
    Hash128 finish() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace tl::codec
