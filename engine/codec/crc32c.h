#pragma once
// CRC32C (Castagnoli, polynomial 0x1EDC6F41, reflected 0x82F63B78): the checksum of every
// block and label on the media (docs/format.md §2). It is the polynomial LTO Logical Block
// Protection can use, and SSE4.2 computes it in hardware, so checking every 256 KiB block
// costs a few microseconds. Pure functions, thread-safe.
#include <cstddef>
#include <cstdint>

namespace tl::codec {

// CRC32C of `n` bytes at `data`. `seed` is the CRC of the bytes before (0 for a fresh start),
// so crc32c(b, nb, crc32c(a, na)) == crc32c(a||b). Check value: crc32c("123456789") ==
// 0xE3069283. Uses SSE4.2 when the CPU has it (checked once), else a table.
std::uint32_t crc32c(const void* data, std::size_t n, std::uint32_t seed = 0);

// The two implementations, exposed so tests can compare them. crc32c_hardware() must only be
// called when crc32c_hardware_available() is true.
std::uint32_t crc32c_portable(const void* data, std::size_t n, std::uint32_t seed = 0);
std::uint32_t crc32c_hardware(const void* data, std::size_t n, std::uint32_t seed = 0);
bool crc32c_hardware_available();

} // namespace tl::codec
