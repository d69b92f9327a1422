#pragma once
// A library of N null drives (Data Protector's NULL device), each permanently "holding" a
// cartridge NULL0001.., so a backup runs its whole data path with tape writing costing nothing.
// For benchmarks on a scratch data directory only: the catalog it produces points at data that
// was discarded.
#include <memory>

#include "device/library.h"

namespace tl::device {

std::unique_ptr<Library> make_null_library(std::size_t drives);

} // namespace tl::device
