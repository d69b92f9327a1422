#pragma once
// One compiled XXH3-128 (engine-internal): the same xxHash code of Debian's header built three
// times, for the x86-64 baseline (SSE2), AVX2 and AVX-512, each in a file of its own compiled
// with that instruction set (engine/CMakeLists.txt). hash.cpp picks the widest the CPU runs,
// once. All three give the same hashes: XXH3 defines its result independently of the vector
// width (tests/codec/test_hash.cpp compares them with libxxhash).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tl::codec::detail {

struct HashKernel {
    const char* name = "";
    void* (*create)() = nullptr; // a reset streaming state, or nullptr when out of memory
    void (*destroy)(void* state) = nullptr;
    void (*reset)(void* state) = nullptr;
    void (*update)(void* state, const void* data, std::size_t n) = nullptr;
    void (*digest)(const void* state, std::uint64_t& lo, std::uint64_t& hi) = nullptr;
    void (*oneshot)(const void* data, std::size_t n, std::uint64_t& lo,
                    std::uint64_t& hi) = nullptr;
};

// Each is null where the build left that variant out (not an x86-64 compiler).
const HashKernel* hash_kernel_baseline();
const HashKernel* hash_kernel_avx2();
const HashKernel* hash_kernel_avx512();

// The variants this CPU runs, narrowest first (baseline always); the last is the one in use.
std::vector<const HashKernel*> usable_hash_kernels();

} // namespace tl::codec::detail
