#pragma once
// The text of `mtx -f DEV status` (tape-notes §2.2), both ways. Format notes: drive lines say
// "VolumeTag = TAG" (spaces), slot lines "VolumeTag=TAG" (none); tags may be space-padded;
// a drive with an unknown source prints "Full (Unknown Storage Element Loaded)"; slot lines
// say "Full " with a trailing space; mail slots carry " IMPORT/EXPORT" after their number and
// share the slot numbering (after the storage slots).
#include <string>

#include "common/result.h"
#include "device/changer.h"

namespace tl::device {

// Parses mtx status output. Barcodes are trimmed. Corrupt-kind error naming the line when a
// line cannot be understood; NotFound when there is no "Storage Changer" header.
Result<Inventory> parse_mtx_status(const std::string& text);

// Renders an inventory as mtx prints it; `label` is the device in the header.
std::string render_mtx_status(const Inventory& inv, const std::string& label);

} // namespace tl::device
