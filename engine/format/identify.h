#pragma once
// Recognizes what is on a volume from its first block, so that a tape written by another
// program is never overwritten without an explicit force (docs/format.md §2.3).
#include <cstddef>
#include <cstdint>

namespace tl::format {

enum class MediaKind { Blank, Tapeloom, Bacula, Tar, Ltfs, Unknown };

const char* to_string(MediaKind kind); // "blank", "tapeloom", "bacula", ...
// Human wording for messages: "a blank volume", "a Bacula volume", "a tar archive"...
const char* describe(MediaKind kind);

// `first_block`: what the first read at BOT returned (n == 0 when the read hit blank tape or a
// filemark). Checks, in order: n == 0 → Blank; "TLOVOL01" at 0 → Tapeloom; "VOL1" at 0 → Ltfs
// (ANSI label as LTFS writes it); "BB01"/"BB02" at byte 12 → Bacula (and Bareos); "ustar" at
// 257 → Tar; otherwise Unknown.
MediaKind identify(const std::uint8_t* first_block, std::size_t n);

} // namespace tl::format
