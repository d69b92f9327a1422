#pragma once
// The caller's wall clock in unix seconds, for the printers that show ages and next runs of
// what the service answered.
#include <chrono>

namespace tl::cli {

inline long long wall_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace tl::cli
