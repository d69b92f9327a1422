#pragma once
// The directories a restore writes into, opened once each: a cache of directory fds keyed by
// their path below the target, each opened from its cached parent with O_NOFOLLOW (safe_path),
// so a file's parent is found without resolving its path again. It remembers which directories
// it created (their metadata comes from the backup) and which filesystems it wrote on (for the
// final sync), and removes what killed restores left behind: temporary files (and staged
// directories) of Tapeloom restores whose process is gone, in each existing directory it opens. One
// per RestoreWriter; used from the writer's thread only (the fds it hands out are shared, so writer
// threads may keep using one after it left the cache).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <sys/types.h>

#include "common/result.h"

namespace tl::job {

class StagedDirs;

// An open directory fd, closed when the last user drops it.
class DirFd final {
public:
    // `staged`: the staged directories it lies in (nobody sees it until they are published).
    DirFd(int fd, bool fresh, std::shared_ptr<const StagedDirs> staged = nullptr);
    ~DirFd();
    DirFd(const DirFd&) = delete;
    DirFd& operator=(const DirFd&) = delete;
    int get() const { return fd_; }
    // Created by this restore's writer: it holds only what that writer put there.
    bool fresh() const { return fresh_; }
    // Inside a directory the restore keeps out of sight until its end (StagedDirs): a file is
    // created under its final name here, unseen until it is complete.
    bool unseen() const;
    // It has a default ACL: files created in it get their permissions from it, not the umask.
    bool default_acl() const { return default_acl_; }
    // The group a file created in it gets: the directory's own when it is set-group-ID, else the
    // process's effective group.
    gid_t new_file_gid() const { return new_file_gid_; }

private:
    int fd_;
    bool fresh_;
    std::shared_ptr<const StagedDirs> staged_;
    bool default_acl_;
    gid_t new_file_gid_;
};
using DirRef = std::shared_ptr<const DirFd>;

// Temporary names of restored files: ".tapeloom-restore-<pid>-<random>" in the file's directory.
std::string restore_temp_name();
// True for a temporary name of a Tapeloom restore whose process no longer runs (gone, or a
// zombie that nobody reaped).
bool is_stale_restore_temp(const std::string& name);

class TargetDirs final {
public:
    // Borrows root_fd. With `staged`, a directory it creates where the target had none is made
    // under a temporary name there and published with the restore (StagedDirs).
    explicit TargetDirs(int root_fd, std::shared_ptr<StagedDirs> staged = nullptr);
    // The directory `comps` below the target, created (mode 0755 under the umask) when missing
    // and `create`. Refusals as open_dir_below's.
    Result<DirRef> open(const std::vector<std::string>& comps, bool create);
    // Directories this cache created, in creation order (parents first).
    const std::vector<std::vector<std::string>>& created() const { return created_; }
    // One open directory per filesystem written on (for syncfs).
    std::vector<DirRef> filesystems() const;
    std::uint64_t stale_removed() const { return stale_removed_; }
    // Removes the temporary files killed restores left anywhere below the directory `comps`
    // (when it exists): every directory of that tree on its filesystem, symlinks not followed.
    // Once per directory per cache; a restore sweeps the tree it writes into before it starts.
    void sweep(const std::vector<std::string>& comps);

private:
    void note_opened(const std::string& key, const DirRef& dir, bool made);
    // One step of open(): the directory `leaf` in `parent`, `key` its path below the target.
    Result<DirRef> open_step(const DirRef& parent, const std::string& leaf, const std::string& key,
                             bool create, bool* made);
    // Removes them in `dir_fd`; the names of its subdirectories go to `subdirs` when given.
    void remove_stale_temps(int dir_fd, std::vector<std::string>* subdirs = nullptr);
    void sweep_tree(int dir_fd, std::uint64_t dev, int depth);

    int root_fd_;
    std::shared_ptr<StagedDirs> staged_;
    DirRef root_;
    std::unordered_map<std::string, DirRef> cache_;
    std::map<std::uint64_t, DirRef> devices_;
    std::vector<std::vector<std::string>> created_;
    std::uint64_t stale_removed_ = 0;
    std::vector<std::string> swept_; // trees swept, by key
};

} // namespace tl::job
