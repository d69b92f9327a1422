#include "job/last_parent.h"

#include <string_view>

#include "job/safe_path.h"

namespace tl::job {

namespace {
// The start of the last component of a relative path; npos for an empty or absolute path.
std::size_t leaf_start(const std::string& path) {
    if (path.empty() || path.front() == '/') return std::string::npos;
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? 0 : slash + 1;
}

// The text before the last '/' of `path`, its leaf starting at `start`.
std::string_view dir_text(const std::string& path, std::size_t start) {
    return std::string_view(path).substr(0, start == 0 ? 0 : start - 1);
}
} // namespace

std::optional<LastParent::Hit> LastParent::find(const std::string& path) const {
    const auto start = leaf_start(path);
    if (!dir_ || start == std::string::npos || dir_text(path, start) != raw_dir_) return {};
    const std::string_view leaf = std::string_view(path).substr(start);
    if (!is_plain_component(leaf)) return {};
    Hit hit{dir_, rel_dir_, std::string(leaf)};
    if (!hit.rel.empty()) hit.rel += '/';
    hit.rel += leaf;
    return hit;
}

void LastParent::remember(const std::string& path, std::string rel_dir, DirRef dir) {
    const auto start = leaf_start(path);
    if (start == std::string::npos || !is_plain_component(std::string_view(path).substr(start)))
        return forget();
    raw_dir_ = dir_text(path, start);
    rel_dir_ = std::move(rel_dir);
    dir_ = std::move(dir);
}

void LastParent::forget() {
    dir_.reset();
    raw_dir_.clear();
    rel_dir_.clear();
}

} // namespace tl::job
