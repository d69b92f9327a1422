#pragma once
// The volume label (docs/format.md §2): the first tape file of every volume, one block of
// exactly 64 KiB whatever the data block size, so any reader can read it first and learn the
// block size for the rest. Holds binary fields, a key=value text copy for forensics (`dd` +
// `strings` shows it), and a CRC32C in the last 4 bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "format/uuid.h"

namespace tl::format {

struct VolumeLabel {
    std::uint16_t format_version = 1; // kFormatVersion when written by this build
    Uuid volume_uuid;
    std::string barcode; // "" when the library has no barcode reader
    std::string pool;
    std::string media_type;       // e.g. "LTO-8", "virtual"
    std::uint32_t block_size = 0; // data block size B of every session on this volume
    std::int64_t label_time = 0;  // unix seconds
    std::string host;
    std::string engine_version;
    friend bool operator==(const VolumeLabel&, const VolumeLabel&) = default;
};

// Encodes a label into exactly kLabelSize (65536) bytes. The strings must fit (together far
// under 60 KiB; longer strings are cut to 4 KiB each).
std::vector<std::uint8_t> encode_label(const VolumeLabel& label);

// Decodes the first block of a volume. Errors: Foreign when it is another program's label or
// not a label at all (the message names the kind, e.g. "a Bacula volume"); Corrupt for a bad
// CRC or structure; Unsupported for a newer format version.
Result<VolumeLabel> decode_label(const std::uint8_t* data, std::size_t n);

// The key=value text copy in the label, as written by encode_label().
std::string label_text(const VolumeLabel& label);

} // namespace tl::format
