#pragma once
// What a backup tells the catalog, batched per tape file: written only once that tape file is
// closed by a filemark (a durability point), so the catalog never points at data not on media.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/entry_records.h"
#include "codec/hash.h"

namespace tl::job {

// The catalog keeps a content hash as 16 bytes, low half first, little-endian.
inline std::array<std::uint8_t, 16> hash_bytes(const codec::Hash128& h) {
    std::array<std::uint8_t, 16> out{};
    for (int i = 0; i < 8; ++i) {
        out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(h.lo >> (8 * i));
        out[static_cast<std::size_t>(8 + i)] = static_cast<std::uint8_t>(h.hi >> (8 * i));
    }
    return out;
}
inline codec::Hash128 hash_from_bytes(const std::array<std::uint8_t, 16>& b) {
    codec::Hash128 h;
    for (int i = 0; i < 8; ++i) {
        h.lo |= static_cast<std::uint64_t>(b[static_cast<std::size_t>(i)]) << (8 * i);
        h.hi |= static_cast<std::uint64_t>(b[static_cast<std::size_t>(8 + i)]) << (8 * i);
    }
    return h;
}

using catalog::CatalogBatch;
using catalog::DeletionRecord;
using catalog::ExtentRecord;
using catalog::FileRecord;
using catalog::TapeFileRecord;

} // namespace tl::job
