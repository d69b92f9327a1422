#include "client/autostart.h"

#include <cstdlib>
#include <string>

namespace tl::client {

bool autostart_off_in_environment() {
    const char* v = std::getenv("TAPELOOM_AUTOSTART");
    if (!v) return false;
    const std::string s = v;
    return s == "0" || s == "no" || s == "off" || s == "false";
}

std::string autostart_idle_exit() {
    const char* v = std::getenv("TAPELOOM_IDLE_EXIT");
    return v && *v ? std::string(v) : std::string("30m");
}

} // namespace tl::client
