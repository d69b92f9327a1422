#pragma once
// Resolves paths strictly below a directory fd: no absolute paths, no "." or ".." components,
// and no symlink followed anywhere (O_NOFOLLOW on every component). The tool that makes a
// restore unable to write outside its target.
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace tl::job {

// A name a component of a restored path may be: not empty, not "." or "..", no '/' or NUL byte.
bool is_plain_component(std::string_view name);

// Splits "a/b/c" into components; InvalidArgument (naming the path) for an absolute path or a
// "." / ".." component. Empty components ("a//b") are dropped. "" gives no components.
Result<std::vector<std::string>> safe_components(const std::string& path);

// Opens the directory `components` below `root_fd` (creating missing ones with mode 0755 under
// the umask when `create`), never following a symlink. Returns an owned fd. Foreign-kind error
// when a component is a symlink or not a directory.
Result<int> open_dir_below(int root_fd, const std::vector<std::string>& components, bool create);

// One step of open_dir_below: opens (or, with `create`, makes) the directory `name` in `dir_fd`
// without following a symlink. `shown` names it in errors (the path so far); `created` is set
// when this call made it. Returns an owned fd.
Result<int> open_dir_step(int dir_fd, const std::string& name, const std::string& shown,
                          bool create, bool* created = nullptr);

} // namespace tl::job
