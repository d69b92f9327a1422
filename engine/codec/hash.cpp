#include "codec/hash.h"

#include <cstdio>
#include <new>

#include "codec/hash_kernel.h"

namespace tl::codec {

namespace detail {

std::vector<const HashKernel*> usable_hash_kernels() {
    std::vector<const HashKernel*> k{hash_kernel_baseline()};
#if defined(__x86_64__)
    // libgcc's check includes the kernel's consent (XCR0) to the AVX and AVX-512 registers.
    if (hash_kernel_avx2() && __builtin_cpu_supports("avx2")) k.push_back(hash_kernel_avx2());
    if (hash_kernel_avx512() && __builtin_cpu_supports("avx512f"))
        k.push_back(hash_kernel_avx512());
#endif
    return k;
}

} // namespace detail

namespace {

const detail::HashKernel& kernel() {
    static const detail::HashKernel* const k = detail::usable_hash_kernels().back();
    return *k;
}

} // namespace

struct ContentHasher::State {
    const detail::HashKernel* k = &kernel();
    void* st = k->create();
    State() {
        if (!st) throw std::bad_alloc();
    }
    ~State() { k->destroy(st); }
    State(const State&) = delete;
    State& operator=(const State&) = delete;
};

std::string Hash128::hex() const {
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                  static_cast<unsigned long long>(lo));
    return buf;
}

const char* hash_kernel_name() {
    return kernel().name;
}

Hash128 hash128(const void* data, std::size_t n) {
    Hash128 h;
    kernel().oneshot(data, n, h.lo, h.hi);
    return h;
}

ContentHasher::ContentHasher() : state_(std::make_unique<State>()) {}
ContentHasher::~ContentHasher() = default;
ContentHasher::ContentHasher(ContentHasher&&) noexcept = default;
ContentHasher& ContentHasher::operator=(ContentHasher&&) noexcept = default;

void ContentHasher::reset() {
    state_->k->reset(state_->st);
}

void ContentHasher::update(const void* data, std::size_t n) {
    if (n) state_->k->update(state_->st, data, n);
}

Hash128 ContentHasher::finish() const {
    Hash128 h;
    state_->k->digest(state_->st, h.lo, h.hi);
    return h;
}

} // namespace tl::codec
