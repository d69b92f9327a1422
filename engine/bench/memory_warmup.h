#pragma once
// The same memory state before each pass that writes into the page cache (the restore and
// tar -x): `bytes` of anonymous memory written once and freed right before the pass. In a
// virtual machine the host takes freed guest memory back within seconds (free page
// reporting); the first pass to touch those pages again pays for the host backing them, often
// several times the copy itself. Warmed alike, neither pass pays that for the other.
#include <cstdint>

#include "common/result.h"

namespace tl::bench {

// Writes and frees `bytes` (rounded up to whole pages), at most half of the memory free now.
// Io when the memory cannot be mapped.
Status warm_memory(std::uint64_t bytes);

} // namespace tl::bench
