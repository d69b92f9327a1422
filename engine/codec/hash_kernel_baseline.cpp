// XXH3-128 for any CPU of the target (x86-64: SSE2), the fallback of hash.cpp.
#include "codec/hash_kernel.h"

#define TL_HASH_KERNEL_NAME "baseline"
#define TL_HASH_KERNEL_FN hash_kernel_baseline
#include "codec/hash_kernel_body.inc"
