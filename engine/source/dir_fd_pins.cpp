#include "source/dir_fd_pins.h"

#include <cerrno>

#include <fcntl.h>
#include <unistd.h>

namespace tl::source {

std::shared_ptr<const int> DirFdPins::pin(int walker_fd) {
    if (walker_fd < 0) return std::make_shared<const int>(walker_fd);
    if (auto it = current_.find(walker_fd); it != current_.end()) return it->second;
    if (*open_ >= max_open_) {
        errno = EMFILE;
        return nullptr;
    }
    const int fd = ::fcntl(walker_fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) return nullptr;
    ++*open_;
    // The count outlives this object if a pin does (the deleter shares it).
    std::shared_ptr<const int> held(new int(fd), [count = open_](const int* p) {
        ::close(*p);
        --*count;
        delete p;
    });
    current_.emplace(walker_fd, held);
    return held;
}

} // namespace tl::source
