// XXH3-128 compiled for AVX2 (engine/CMakeLists.txt sets the flags of this file); hash.cpp
// calls it only when the CPU and the kernel support AVX2.
#include "codec/hash_kernel.h"

#if defined(__AVX2__)
#define TL_HASH_KERNEL_NAME "avx2"
#define TL_HASH_KERNEL_FN hash_kernel_avx2
#include "codec/hash_kernel_body.inc"
#else
const tl::codec::detail::HashKernel* tl::codec::detail::hash_kernel_avx2() {
    return nullptr; // not an x86-64 build: the variant is left out
}
#endif
