#pragma once
// Walks a directory tree depth-first, names sorted (so two runs see the same order), a directory
// before its contents. Symlinks are not followed; hard links after the first are reported as
// such; include/exclude patterns (fnmatch, tried on the relative path and on the name; exclude
// wins; include applies to non-directories); optionally stays on the root's filesystem.
// Unreadable entries are reported through on_error and skipped; the walk goes on.
#include <dirent.h>

#include <functional>
#include <string>
#include <vector>

#include "common/result.h"
#include "source/fs_entry.h"
#include "source/link_table.h"

namespace tl::source {

struct WalkOptions {
    std::vector<std::string> include;
    std::vector<std::string> exclude;
    bool one_file_system = false;
    bool read_xattrs = true;
    // Regular files (by readdir's d_type) are emitted without a stat of their own
    // (FsEntry::stat_pending) and without hard-link detection: a reader that opens every file
    // anyway stats it from its fd, one path lookup less per file (issue 17). Off for a walk
    // that compares each entry with a base backup before anything opens it.
    bool defer_regular_stat = false;
};

class FileTreeWalker {
public:
    using Visit = std::function<bool(FsEntry&)>; // return false to stop the walk
    using OnError = std::function<void(const std::string& path, const std::string& message)>;

    FileTreeWalker(WalkOptions options, Visit visit, OnError on_error);
    // Called with a directory's fd before it is closed, i.e. before the dirfd its entries were
    // visited with stops being valid (a visitor that keeps entries to process later finishes
    // them here, or holds a duplicate: DirFdPins). Return false to stop the walk.
    void set_on_leave_dir(std::function<bool(int dirfd)> on_leave) {
        on_leave_ = std::move(on_leave);
    }
    // Walks `root` (a directory or a single file). NotFound / Io when the root itself fails.
    Status walk(const std::string& root);

private:
    bool excluded(const std::string& rel, const std::string& name, bool is_dir) const;
    bool walk_dir(int dirfd, const std::string& abs, const std::string& rel, dev_t root_dev);
    bool emit_entry(int dirfd, const std::string& name, const std::string& abs,
                    const std::string& rel, const struct stat& st, bool stat_pending = false);
    // A directory's entries, sorted by name, each with readdir's type (DT_UNKNOWN when the
    // filesystem does not say).
    static std::vector<std::pair<std::string, unsigned char>> read_names(DIR* dir);

    WalkOptions opt_;
    Visit visit_;
    OnError on_error_;
    std::function<bool(int dirfd)> on_leave_;
    LinkTable links_;
};

// Extended attributes and ACLs of `path` (not following symlinks). Errors are ignored: a
// filesystem without xattrs simply has none.
void read_metadata(const std::string& abs_path, FsEntry& entry);
// The same for an open regular file.
void read_metadata_fd(int fd, FsEntry& entry);

} // namespace tl::source
