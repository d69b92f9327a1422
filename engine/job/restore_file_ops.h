#pragma once
// The file-system steps of writing one restored object, on an open directory fd: where its name
// goes under the --existing policy, creating special files, and applying metadata (owner, mode,
// xattrs, ACLs, times) on an open fd. No state; callable from any thread.
#include <string>

#include "format/object.h"
#include "job/restore_writer.h"

namespace tl::job {

// The name the object `leaf` in `dir_fd` is written under given `policy`; "" = skip it, with
// `why` set. `absent`: the directory is known not to hold `leaf` (created by this restore).
std::string final_name(int dir_fd, const std::string& leaf, const format::ObjectHeader& h,
                       ExistingPolicy policy, bool absent, std::string& why);

// Owner (when `as_root`), mode, xattrs, ACLs and times of `h` on the open `fd`.
void apply_metadata(int fd, const format::ObjectHeader& h, bool as_root);

// Creates the symlink, fifo or device node `h` as `name` in `dir_fd` with its metadata;
// "" on success, else what failed.
std::string create_special(int dir_fd, const std::string& name, const format::ObjectHeader& h,
                           bool as_root);

} // namespace tl::job
