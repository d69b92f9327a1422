#include "bridge/read_failures.h"

namespace tl::ui {

bool ReadFailures::failedAnew(const std::string& what, const std::string& message) {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = failing_.try_emplace(what, message);
    if (inserted) return true;
    if (it->second == message) return false;
    it->second = message;
    return true;
}

bool ReadFailures::succeeded(const std::string& what) {
    std::lock_guard lock(mutex_);
    return failing_.erase(what) > 0;
}

} // namespace tl::ui
