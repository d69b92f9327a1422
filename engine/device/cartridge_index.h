#pragma once
// Checking a virtual cartridge's index file against its data file, and rebuilding the index
// from the data blocks when the two disagree (docs/devices.md, "Damaged index").
//
// Tapeloom data is self-describing: the 64 KiB volume label is alone in tape file 0, every
// later block starts with a header giving its length and the tape file it belongs to
// (docs/format.md §3.1), so the objects of a cartridge — blocks and the filemarks between tape
// files — can be recovered from the data alone. Data of another program (tests write arbitrary
// blocks) cannot be rebuilt; then only the index's valid prefix is trusted.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "device/cartridge.h"

namespace tl::device {

struct IndexCheck {
    IndexDamage damage = IndexDamage::None;
    std::vector<IndexRecord> objects; // what readers see
    std::uint64_t data_end = 0;       // end of the last complete block in `objects`
    std::uint64_t disk_good = 0;      // leading records identical on disk and in `objects`
    std::string note;                 // what was found, for the log ("" when None)
};

// The size of one record of the index file.
constexpr std::size_t kIndexRecordSize = 16;

// Decodes the raw index file (16-byte records, a partial record at the end allowed).
std::vector<IndexRecord> decode_index(const std::vector<unsigned char>& raw);

// The objects of a Tapeloom cartridge found by walking the data file's block headers; nullopt
// when the data is not Tapeloom's. The returned end is that of the last complete block.
struct RebuiltIndex {
    std::vector<IndexRecord> objects;
    std::uint64_t end = 0;
};
Result<std::optional<RebuiltIndex>> rebuild_index(int data_fd, std::uint64_t data_size);

// Compares `disk` (records of the index file; `partial` when it ends in a partial record) with
// the data of `data_size` bytes, rebuilding from the data when they disagree.
Result<IndexCheck> check_index(const std::vector<IndexRecord>& disk, bool partial, int data_fd,
                               std::uint64_t data_size);

} // namespace tl::device
