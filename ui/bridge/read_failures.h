#pragma once
// The reads through the typed door that fail now, by what they read: a console that polls a
// service which went away logs each failing read once, not once per poll, and logs when it
// reads again. Thread-safe; every copy of a console's DoorAddress shares one.
#include <map>
#include <mutex>
#include <string>

namespace tl::ui {

class ReadFailures {
public:
    // True when `what` did not fail with `message` the time before (log it as an error).
    bool failedAnew(const std::string& what, const std::string& message);
    // True when `what` failed the time before this success (log that it reads again).
    bool succeeded(const std::string& what);

private:
    std::mutex mutex_;
    std::map<std::string, std::string> failing_; // what -> the message it failed with
};

} // namespace tl::ui
