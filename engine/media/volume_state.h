#pragma once
// The life of a volume (docs/media.md): every state a volume can be in, the events that move
// it, and the one pure function that decides whether a move is allowed. No I/O, no catalog:
// callers record the result (volume_catalog.h writes the state and its history row).
//
//   blank|recyclable --label--> append;  append without data --label--> append (lent to a pool)
//   append --fill--> full;  append --limit--> used
//   full|used|append with data --expire (prune) / recycle--> recyclable;  error --recycle-->
//   recyclable
//   append|full|used|recyclable --mark-read-only--> read-only
//   any but cleaning --disable--> disabled;  append|full|used|read-only --io-error--> error
//   read-only|disabled|error --enable--> blank (unlabeled) | append (no data) | used (data)
//   blank --identify-cleaning--> cleaning (a cleaning cartridge; never written)
//   append|full|used|error --label with force--> append (relabel, the catalog entries purged)
#include <optional>
#include <string>
#include <string_view>

#include "common/result.h"

namespace tl::media {

enum class VolumeState {
    Blank,
    Append,
    Full,
    Used,
    Recyclable,
    Error,
    ReadOnly,
    Disabled,
    Cleaning
};

enum class VolumeEvent {
    Label,            // a label was written (new, recycled, borrowed or forced relabel)
    Fill,             // the drive reached the end of the medium
    LimitReached,     // the pool's max jobs / bytes / use duration was reached
    Expire,           // prune: nothing on it is kept any more
    Recycle,          // an administrator recycled it (`volume recycle`)
    MarkReadOnly,     // an administrator protected it
    Disable,          // an administrator took it out of use
    Enable,           // an administrator put a read-only / disabled / error volume back
    IoError,          // a write or read error
    IdentifyCleaning, // the cartridge is a cleaning cartridge
};

// What the rules need to know besides the state.
struct TransitionFacts {
    bool has_data = false; // at least one job wrote to it since it was labeled
    bool force = false;    // the administrator asked to override (relabel of used media)
    bool labeled = true;   // a Tapeloom label is on it (false for a blank cartridge)
    // The state it had before it was marked read-only or disabled (its history), for Enable.
    std::optional<VolumeState> before_mark;
};

const char* to_string(VolumeState s);
const char* to_string(VolumeEvent e);
// Parses "blank", "append", ..., "read-only"; nullopt for anything else.
std::optional<VolumeState> parse_volume_state(std::string_view s);

// The state after `event`, or InvalidArgument naming the state, the event and what to do.
Result<VolumeState> next_state(VolumeState from, VolumeEvent event, const TransitionFacts& facts);

// Whether a backup may write on a volume in this state.
inline bool writable(VolumeState s) {
    return s == VolumeState::Append;
}

} // namespace tl::media
