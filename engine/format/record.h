#pragma once
// The 12-byte preamble shared by every variable-size record (docs/format.md §4):
//   0 magic[4]   4 u16 version   6 u16 reserved (0)   8 u32 total_len (whole record)
// total_len lets a parser skip a record it does not need, and fields added by a later minor
// revision are appended, so a reader ignores bytes past the fields it knows.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/result.h"
#include "format/bytes.h"
#include "format/constants.h"

namespace tl::format {

struct RecordPreamble {
    char magic[4] = {};
    std::uint16_t version = 0;
    std::uint32_t total_len = 0;
};

// Writes a preamble with a placeholder length; returns the record's start offset.
std::size_t begin_record(ByteWriter& w, const char (&magic)[4]);
// Patches the record's total_len once all its fields are written.
void end_record(ByteWriter& w, std::size_t start);

// Reads the preamble at p (n >= 12). Corrupt when total_len < 12 or > kMaxRecordSize.
Result<RecordPreamble> read_preamble(const std::uint8_t* p, std::size_t n);

// Checks that p..n starts with a complete record of `magic` and returns a reader positioned
// after the preamble and bounded by total_len. `what` names the record in errors.
Result<ByteReader> open_record(const std::uint8_t* p, std::size_t n, const char (&magic)[4],
                               const std::string& what);

} // namespace tl::format
