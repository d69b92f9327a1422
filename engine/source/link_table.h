#pragma once
// The hard-link groups of one walk: the first path seen of each (device, inode) whose link count
// is above one, so a further name of it is stored as a hard link to that path. Names are
// offered in walk order; the first one offered stays the group's.
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace tl::source {

class LinkTable {
public:
    // The first path of (dev, ino) when one was offered before; otherwise `path` becomes it and
    // this returns nullptr.
    const std::string* first_or_add(dev_t dev, ino_t ino, const std::string& path);

private:
    struct Inode {
        dev_t dev;
        ino_t ino;
        bool operator<(const Inode& o) const {
            return dev < o.dev || (dev == o.dev && ino < o.ino);
        }
    };
    std::vector<std::pair<Inode, std::string>> links_; // sorted by inode
};

} // namespace tl::source
