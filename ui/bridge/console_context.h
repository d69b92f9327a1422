#pragma once
// What every page of the console is given (issue 38): the typed door it reads and changes
// through, and the clock it shows times against. Nothing else: no Engine, no catalog, no path of
// the service's machine. A local console and `tapeloom --connect https://...` differ only in
// `door`. Copied by value into the pages; `clock` outlives the window.
#include "bridge/typed_door.h"
#include "common/clock.h"

namespace tl::ui {

struct ConsoleContext {
    DoorAddress door;
    const Clock* clock = nullptr;

    // The data directory of a local console ("" for a remote one): where its window layout and
    // the local log file are kept.
    const std::string& home() const { return door.home; }
    Clock::Wall now() const { return clock->wall(); }
};

} // namespace tl::ui
