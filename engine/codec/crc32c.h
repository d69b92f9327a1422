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
// 0xE3069283. Uses VPCLMULQDQ or SSE4.2 when the CPU has them (checked once), else a table.
std::uint32_t crc32c(const void* data, std::size_t n, std::uint32_t seed = 0);

// The CRC32C of a||b from crc32c(a) and crc32c(b) = `crc_b` over `len_b` bytes, without the
// bytes: what lets a block's CRC take its payload's from the thread that wrote the payload
// while it was in that core's cache (job/stream_writer.h). A few hundred operations.
std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::size_t len_b);

// The three implementations, exposed so tests can compare them: a table, the CRC32
// instruction (SSE4.2) and carry-less multiplication (VPCLMULQDQ with AVX-512, for 512 bytes
// and more; crc32c_fold.cpp). crc32c_hardware() and crc32c_folding() must only be called when
// their *_available() is true; crc32c() uses the fastest available.
std::uint32_t crc32c_portable(const void* data, std::size_t n, std::uint32_t seed = 0);
std::uint32_t crc32c_hardware(const void* data, std::size_t n, std::uint32_t seed = 0);
bool crc32c_hardware_available();
std::uint32_t crc32c_folding(const void* data, std::size_t n, std::uint32_t seed = 0);
bool crc32c_folding_available();

} // namespace tl::codec
