#pragma once
// The autostart rule the CLI and the console share (docs/service.md "Autostart"): a client
// whose data directory has no service starts one, unless $TAPELOOM_AUTOSTART is 0, no, off or
// false (or the program's --no-autostart says otherwise). No Qt.
#include <string>

namespace tl::client {

// True when $TAPELOOM_AUTOSTART turns autostart off (0, no, off, false).
bool autostart_off_in_environment();

// The --idle-exit an autostarted service gets: $TAPELOOM_IDLE_EXIT when set (0: never), else
// 30m (docs/service.md "Idle exit").
std::string autostart_idle_exit();

} // namespace tl::client
