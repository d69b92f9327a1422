#include "job/staged_dirs.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/log.h"
#include "job/target_dirs.h"

namespace tl::job {

namespace {
constexpr int kDirFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
constexpr int kMaxDepth = 512;

// The names in the directory `fd` (not "." and ".."), read before any of them moves.
std::vector<std::string> entries_of(int fd) {
    std::vector<std::string> names;
    const int own = ::openat(fd, ".", kDirFlags);
    if (own < 0) return names;
    DIR* d = ::fdopendir(own);
    if (!d) {
        ::close(own);
        return names;
    }
    while (const dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            names.emplace_back(e->d_name);
    ::closedir(d);
    return names;
}

// renameat2 without replacing; where the filesystem has no RENAME_NOREPLACE, a rename after a
// check (EEXIST when the name is taken).
int rename_no_replace(int from_dir, const char* from, int to_dir, const char* to) {
    if (::renameat2(from_dir, from, to_dir, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL) return -1;
    struct stat st {};
    if (::fstatat(to_dir, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        errno = EEXIST;
        return -1;
    }
    return ::renameat(from_dir, from, to_dir, to);
}

std::string joined(const std::string& dir, const std::string& name) {
    return dir.empty() ? name : dir + "/" + name;
}

// Moves what is in `from` into `into` (paths below the target: `shown_from`, `shown_into`),
// merging directories present in both; what cannot move is named in `problems`.
void merge_into(int from, int into, const std::string& shown_from, const std::string& shown_into,
                std::vector<std::string>& problems, int depth) {
    for (const auto& name : entries_of(from)) {
        if (rename_no_replace(from, name.c_str(), into, name.c_str()) == 0) continue;
        const int err = errno;
        const int sub_from = depth < kMaxDepth ? ::openat(from, name.c_str(), kDirFlags) : -1;
        const int sub_into = sub_from >= 0 ? ::openat(into, name.c_str(), kDirFlags) : -1;
        if (err == EEXIST && sub_into >= 0) {
            merge_into(sub_from, sub_into, joined(shown_from, name), joined(shown_into, name),
                       problems, depth + 1);
            ::unlinkat(from, name.c_str(), AT_REMOVEDIR); // fails while something stayed
        } else {
            problems.push_back(joined(shown_into, name) + ": " +
                               (err == EEXIST ? "appeared while the restore ran"
                                              : std::string(std::strerror(err))) +
                               "; the restored one is at " + joined(shown_from, name));
        }
        if (sub_from >= 0) ::close(sub_from);
        if (sub_into >= 0) ::close(sub_into);
    }
}

bool remove_below(int fd, dev_t dev, int depth) {
    bool ok = true;
    for (const auto& name : entries_of(fd)) {
        if (::unlinkat(fd, name.c_str(), 0) == 0) continue;
        if (errno != EISDIR && errno != EPERM) {
            ok = false;
            continue;
        }
        const int sub = depth < kMaxDepth ? ::openat(fd, name.c_str(), kDirFlags) : -1;
        struct stat st {};
        const bool mine = sub >= 0 && ::fstat(sub, &st) == 0 && st.st_dev == dev;
        ok = mine && remove_below(sub, dev, depth + 1) && ok;
        if (sub >= 0) ::close(sub);
        ok = mine && ::unlinkat(fd, name.c_str(), AT_REMOVEDIR) == 0 && ok;
    }
    return ok;
}
} // namespace

bool remove_tree(int dir_fd, const std::string& name) {
    const int fd = ::openat(dir_fd, name.c_str(), kDirFlags);
    if (fd < 0) return false;
    struct stat st {};
    const bool ok = ::fstat(fd, &st) == 0 && remove_below(fd, st.st_dev, 0);
    ::close(fd);
    return ok && ::unlinkat(dir_fd, name.c_str(), AT_REMOVEDIR) == 0;
}

StagedDirs::~StagedDirs() {
    for (const auto& problem : publish())
        log::get("job")->warn("restore: {}", problem);
    for (auto& [key, s] : staged_)
        ::close(s.parent_fd);
}

std::string StagedDirs::staged_name(const std::string& key) const {
    std::lock_guard lock(mutex_);
    if (published()) return "";
    const auto it = staged_.find(key);
    return it == staged_.end() ? "" : it->second.name;
}

Result<std::string> StagedDirs::make(int parent_fd, const std::string& key, const std::string& leaf,
                                     bool* made) {
    std::lock_guard lock(mutex_);
    if (made) *made = false;
    if (const auto it = staged_.find(key); it != staged_.end()) return it->second.name;
    Staged s;
    s.leaf = leaf;
    s.name = restore_temp_name();
    if (::mkdirat(parent_fd, s.name.c_str(), 0755) != 0)
        return make_error(ErrorKind::Io,
                          "cannot create directory " + key + ": " + std::strerror(errno));
    s.parent_fd = ::fcntl(parent_fd, F_DUPFD_CLOEXEC, 0);
    if (s.parent_fd < 0) {
        const int e = errno;
        ::unlinkat(parent_fd, s.name.c_str(), AT_REMOVEDIR);
        return make_error(ErrorKind::Io,
                          "cannot create directory " + key + ": " + std::strerror(e));
    }
    if (made) *made = true;
    return staged_.emplace(key, std::move(s)).first->second.name;
}

std::vector<std::string> StagedDirs::publish() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> problems;
    if (published_.exchange(true, std::memory_order_acq_rel)) return problems;
    for (const auto& [key, s] : staged_) {
        const auto slash = key.rfind('/');
        const std::string parent = slash == std::string::npos ? "" : key.substr(0, slash);
        const std::string staged = joined(parent, s.name);
        if (rename_no_replace(s.parent_fd, s.name.c_str(), s.parent_fd, s.leaf.c_str()) == 0)
            continue;
        const int err = errno;
        const int from = ::openat(s.parent_fd, s.name.c_str(), kDirFlags);
        const int into = err == EEXIST ? ::openat(s.parent_fd, s.leaf.c_str(), kDirFlags) : -1;
        if (from >= 0 && into >= 0) { // made by another program meanwhile: merged into it
            merge_into(from, into, staged, key, problems, 0);
            ::unlinkat(s.parent_fd, s.name.c_str(), AT_REMOVEDIR);
        } else {
            problems.push_back(key + ": " +
                               (err == EEXIST ? "appeared while the restore ran and is not a "
                                                "directory"
                                              : std::string(std::strerror(err))) +
                               "; the restored directory is at " + staged);
        }
        if (from >= 0) ::close(from);
        if (into >= 0) ::close(into);
    }
    return problems;
}

} // namespace tl::job
