#pragma once
// The file-system steps of writing one restored object, on an open directory fd: where its name
// goes under the --existing policy, creating special files, and applying metadata (owner, mode,
// xattrs, ACLs, times) on an open fd. Callable from any thread; the only state is OwnerIds, the
// names of owners looked up once each.
#include <mutex>
#include <string>
#include <unordered_map>

#include <sys/types.h>

#include "format/object.h"
#include "job/restore_writer.h"

namespace tl::job {

// The name the object `leaf` in `dir_fd` is written under given `policy`; "" = skip it, with
// `why` set. `absent`: the directory is known not to hold `leaf` (created by this restore).
std::string final_name(int dir_fd, const std::string& leaf, const format::ObjectHeader& h,
                       ExistingPolicy policy, bool absent, std::string& why);

// The uid and gid a restored object gets: its owner's and group's names as recorded, looked up on
// this machine once per name (getpwnam parses /etc/passwd on every call), else the recorded
// numbers. Thread-safe; one per restore writer.
class OwnerIds final {
public:
    uid_t uid(const format::ObjectHeader& h);
    gid_t gid(const format::ObjectHeader& h);

private:
    std::mutex mutex_;
    std::unordered_map<std::string, uid_t> users_;  // name -> uid; -1: not known here
    std::unordered_map<std::string, gid_t> groups_; // name -> gid; -1: not known here
};

// Owner (when `owners` is given, i.e. running as root, unless `owner_set`: the file was created
// with it), mode (unless `mode_set`: the file was created with it), xattrs, ACLs and times of `h`
// on the open `fd`. Returns "" when all of it was set, its times exactly (format/object_times.h),
// else what could not be set and what the filesystem did instead (a warning for the restore's
// report: a target that refuses ACLs or an xattr's namespace never loses them silently).
std::string apply_metadata(int fd, const format::ObjectHeader& h, OwnerIds* owners,
                           bool mode_set = false, bool owner_set = false);

// The process's umask, read without changing it (/proc/self/status); 022 when unknown.
mode_t process_umask();

// Creates the symlink, fifo or device node `h` as `name` in `dir_fd` with its metadata (owner
// when `owners` is given); "" on success, else what failed. `warning`: what of its metadata could
// not be set, its times exactly included (as apply_metadata's result).
std::string create_special(int dir_fd, const std::string& name, const format::ObjectHeader& h,
                           OwnerIds* owners, std::string& warning);

} // namespace tl::job
