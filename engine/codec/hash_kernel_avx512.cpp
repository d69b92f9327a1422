// XXH3-128 compiled for AVX-512 (engine/CMakeLists.txt sets the flags of this file); hash.cpp
// calls it only when the CPU and the kernel support AVX-512.
#include "codec/hash_kernel.h"

#if defined(__AVX512F__)
#define TL_HASH_KERNEL_NAME "avx512"
#define TL_HASH_KERNEL_FN hash_kernel_avx512
#include "codec/hash_kernel_body.inc"
#else
const tl::codec::detail::HashKernel* tl::codec::detail::hash_kernel_avx512() {
    return nullptr; // not an x86-64 build: the variant is left out
}
#endif
