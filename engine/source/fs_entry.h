#pragma once
// One filesystem object as found by the walker: its path relative to the source root and
// everything needed to recreate it (stat, link target, xattrs, POSIX ACLs).
#include <string>
#include <utility>
#include <vector>

#include <sys/stat.h>

namespace tl::source {

struct FsEntry {
    std::string path; // relative to the source root, '/'-separated; "" = the root itself
    struct stat st {};
    std::string link_target; // symlinks: the link text; hard links: the first path seen
    bool hardlink = false;   // a further name of a regular file already backed up
    std::vector<std::pair<std::string, std::string>> xattrs; // without system.posix_acl_*
    std::string acl_access;  // acl_to_text, "" when the file has no extended ACL
    std::string acl_default; // directories only
    // Valid during the visit only: the parent directory's fd and the entry's name in it, so a
    // reader opens the file without resolving its whole path again. metadata_read is false
    // for regular files: their xattrs are read from the open fd (read_metadata_fd).
    int dirfd = -100; // AT_FDCWD
    std::string name;
    bool metadata_read = false;
    // Only readdir's type is known (WalkOptions::defer_regular_stat): `st` holds S_IFREG and
    // nothing else, and the reader takes the stat from the file it opens. Such an entry is never
    // marked a hard link by the walker: the reader finds its links (LinkTable).
    bool stat_pending = false;
};

} // namespace tl::source
