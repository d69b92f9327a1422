#pragma once
// Keeps the directories of entries a session has walked but not stored yet open after the walk
// left them: one duplicate of the walker's directory fd per directory, closed when the last
// entry holding it was stored. The session's read-ahead window then runs on across a
// directory's end instead of draining there (issue 17: the readers slept at every directory's
// end and were woken for the next one). At most `max_open` directories are held; the caller
// stores its window when a pin is refused.
#include <cstddef>
#include <memory>
#include <unordered_map>

namespace tl::source {

class DirFdPins {
public:
    explicit DirFdPins(std::size_t max_open = 64) : max_open_(max_open) {}
    DirFdPins(const DirFdPins&) = delete;
    DirFdPins& operator=(const DirFdPins&) = delete;

    // What an entry of the walker's `walker_fd` uses instead of it, and what keeps that open
    // while held. Null when it cannot be held (`max_open` directories are, or dup failed; errno
    // tells which, EMFILE for both): the entry then has only the walker's fd, valid until the
    // walk leaves that directory. A negative fd (AT_FDCWD) needs no pin: returned as it is.
    std::shared_ptr<const int> pin(int walker_fd);
    // The walk leaves the directory of `walker_fd` (its number may be reused next); the entries
    // holding its pin keep it open.
    void left(int walker_fd) { current_.erase(walker_fd); }
    // Directories held open now.
    std::size_t open() const { return *open_; }

private:
    const std::size_t max_open_;
    std::shared_ptr<std::size_t> open_ = std::make_shared<std::size_t>(0);
    std::unordered_map<int, std::shared_ptr<const int>> current_; // by the walker's fd
};

} // namespace tl::source
