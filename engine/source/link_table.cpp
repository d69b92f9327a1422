#include "source/link_table.h"

#include <algorithm>

namespace tl::source {

const std::string* LinkTable::first_or_add(dev_t dev, ino_t ino, const std::string& path) {
    const Inode key{dev, ino};
    auto it = std::lower_bound(links_.begin(), links_.end(), key,
                               [](const auto& a, const Inode& k) { return a.first < k; });
    if (it != links_.end() && !(key < it->first) && !(it->first < key)) return &it->second;
    links_.insert(it, {key, path});
    return nullptr;
}

} // namespace tl::source
