#pragma once
// A catalog entry's path from its directory and name, as the catalog stores them ("" is the
// root of a save set): "dir/name", or the one that is not empty.
#include <string>

namespace tl::job {

inline std::string join_path(const std::string& dir, const std::string& name) {
    return dir.empty() ? name : (name.empty() ? dir : dir + "/" + name);
}

} // namespace tl::job
