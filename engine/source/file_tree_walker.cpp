#include "source/file_tree_walker.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include <acl/libacl.h>
#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sys/acl.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace tl::source {

FileTreeWalker::FileTreeWalker(WalkOptions options, Visit visit, OnError on_error)
    : opt_(std::move(options)), visit_(std::move(visit)), on_error_(std::move(on_error)) {}

bool FileTreeWalker::excluded(const std::string& rel, const std::string& name, bool is_dir) const {
    for (const auto& p : opt_.exclude)
        if (fnmatch(p.c_str(), rel.c_str(), 0) == 0 || fnmatch(p.c_str(), name.c_str(), 0) == 0)
            return true;
    if (is_dir || opt_.include.empty()) return false;
    for (const auto& p : opt_.include)
        if (fnmatch(p.c_str(), rel.c_str(), 0) == 0 || fnmatch(p.c_str(), name.c_str(), 0) == 0)
            return false;
    return true;
}

namespace {

// The kernel allocates (and for values zeroes) a buffer of the size a caller offers, up to
// 64 KiB, on every listxattr/getxattr: offering 64 KiB cost a 64 KiB allocation per file. A
// small buffer first; only a longer list or value asks its size and reads it again.
constexpr std::size_t kSmallXattr = 256;

// nullopt when the call failed (no xattr support, the attribute gone meanwhile).
template <class Call> std::optional<std::string> xattr_call(Call call) {
    char small[kSmallXattr];
    ssize_t n = call(small, sizeof small);
    if (n >= 0) return std::string(small, static_cast<std::size_t>(n));
    std::string big;
    while (n < 0 && errno == ERANGE) { // longer than the small buffer (or grew meanwhile)
        const ssize_t need = call(nullptr, 0);
        if (need < 0) return std::nullopt;
        big.resize(static_cast<std::size_t>(need) + 1);
        n = call(big.data(), big.size());
    }
    if (n < 0) return std::nullopt;
    big.resize(static_cast<std::size_t>(n));
    return big;
}

// The xattrs named in `names` (listxattr's NUL-separated list), ACLs left out; true when the
// list holds an extended ACL (system.posix_acl_*).
template <class Get> bool read_xattrs(const std::string& names, FsEntry& e, Get get) {
    bool has_acl = false;
    for (std::size_t i = 0; i < names.size(); i += std::strlen(names.c_str() + i) + 1) {
        const char* name = names.c_str() + i;
        if (std::strncmp(name, "system.posix_acl_", 17) == 0) {
            has_acl = true;
            continue;
        }
        auto value = xattr_call([&](char* buf, std::size_t size) { return get(name, buf, size); });
        if (value) e.xattrs.emplace_back(name, std::move(*value));
    }
    return has_acl;
}

} // namespace

void read_metadata(const std::string& abs, FsEntry& e) {
    const char* p = abs.c_str();
    const std::string names = xattr_call([&](char* buf, std::size_t size) {
                                  return llistxattr(p, buf, size);
                              }).value_or(std::string());
    const bool has_acl = read_xattrs(names, e, [&](const char* name, char* buf, std::size_t size) {
        return lgetxattr(p, name, buf, size);
    });
    // An extended ACL is stored as system.posix_acl_* xattrs: without them there is nothing to
    // ask libacl (which costs two more syscalls per file).
    if (S_ISLNK(e.st.st_mode) || !has_acl) return;
    if (acl_extended_file_nofollow(abs.c_str()) == 1) {
        auto text = [&](acl_type_t type) {
            std::string out;
            if (acl_t acl = acl_get_file(abs.c_str(), type)) {
                if (char* t = acl_to_text(acl, nullptr)) {
                    out = t;
                    acl_free(t);
                }
                acl_free(acl);
            }
            return out;
        };
        e.acl_access = text(ACL_TYPE_ACCESS);
        if (S_ISDIR(e.st.st_mode)) e.acl_default = text(ACL_TYPE_DEFAULT);
    }
}

void read_metadata_fd(int fd, FsEntry& e) {
    const std::string names = xattr_call([&](char* buf, std::size_t size) {
                                  return flistxattr(fd, buf, size);
                              }).value_or(std::string());
    const bool has_acl = read_xattrs(names, e, [&](const char* name, char* buf, std::size_t size) {
        return fgetxattr(fd, name, buf, size);
    });
    if (!has_acl) return;
    if (acl_t acl = acl_get_fd(fd)) {
        if (char* t = acl_to_text(acl, nullptr)) {
            e.acl_access = t;
            acl_free(t);
        }
        acl_free(acl);
    }
}

bool FileTreeWalker::emit_entry(int dirfd, const std::string& name, const std::string& abs,
                                const std::string& rel, const struct stat& st, bool stat_pending) {
    FsEntry e;
    e.path = rel;
    e.st = st;
    e.dirfd = dirfd;
    e.name = name.empty() ? abs : name;
    e.stat_pending = stat_pending;
    if (S_ISLNK(st.st_mode)) {
        std::string buf(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 256) + 1, '\0');
        const ssize_t n = readlink(abs.c_str(), buf.data(), buf.size());
        if (n < 0) {
            on_error_(rel, std::string("cannot read symlink: ") + std::strerror(errno));
            return true;
        }
        buf.resize(static_cast<std::size_t>(n));
        e.link_target = std::move(buf);
    } else if (S_ISREG(st.st_mode) && st.st_nlink > 1 && !opt_.defer_regular_stat) {
        if (const std::string* first = links_.first_or_add(st.st_dev, st.st_ino, rel)) {
            e.hardlink = true;
            e.link_target = *first;
        }
    }
    // Regular files get their xattrs from the fd the reader opens anyway (one path walk less).
    if (opt_.read_xattrs && !S_ISREG(st.st_mode)) read_metadata(abs, e);
    e.metadata_read = !S_ISREG(st.st_mode) || !opt_.read_xattrs;
    return visit_(e);
}

std::vector<std::pair<std::string, unsigned char>> FileTreeWalker::read_names(DIR* dir) {
    std::vector<std::pair<std::string, unsigned char>> names;
    while (dirent* d = readdir(dir)) {
        if (std::strcmp(d->d_name, ".") == 0 || std::strcmp(d->d_name, "..") == 0) continue;
        names.emplace_back(d->d_name, d->d_type);
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool FileTreeWalker::walk_dir(int dirfd, const std::string& abs, const std::string& rel,
                              dev_t root_dev) {
    DIR* dir = fdopendir(dirfd);
    if (!dir) {
        on_error_(rel, std::string("cannot read directory: ") + std::strerror(errno));
        close(dirfd);
        return true;
    }
    const int fd = dirfd;
    bool go_on = true;
    for (const auto& [name, type] : read_names(dir)) {
        const std::string child_rel = rel.empty() ? name : rel + "/" + name;
        const std::string child_abs = abs + "/" + name;
        struct stat st {};
        if (type == DT_REG && opt_.defer_regular_stat) { // its reader stats the open file
            if (excluded(child_rel, name, false)) continue;
            st.st_mode = S_IFREG;
            if (!emit_entry(fd, name, child_abs, child_rel, st, true)) {
                go_on = false;
                break;
            }
            continue;
        }
        if (fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            on_error_(child_rel, std::string("cannot stat: ") + std::strerror(errno));
            continue;
        }
        const bool is_dir = S_ISDIR(st.st_mode);
        if (excluded(child_rel, name, is_dir)) continue;
        if (is_dir && opt_.one_file_system && st.st_dev != root_dev) {
            // The mount point itself is kept (so restore recreates it), not what is mounted there.
            if (!emit_entry(fd, name, child_abs, child_rel, st)) go_on = false;
            if (!go_on) break;
            continue;
        }
        if (!emit_entry(fd, name, child_abs, child_rel, st)) {
            go_on = false;
            break;
        }
        if (is_dir) {
            const int sub =
                openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0) {
                on_error_(child_rel, std::string("cannot open directory: ") + std::strerror(errno));
                continue;
            }
            if (!walk_dir(sub, child_abs, child_rel, root_dev)) {
                go_on = false;
                break;
            }
        }
    }
    if (on_leave_ && !on_leave_(fd)) go_on = false;
    closedir(dir);
    return go_on;
}

Status FileTreeWalker::walk(const std::string& root) {
    struct stat st {};
    if (lstat(root.c_str(), &st) != 0)
        return make_error(errno == ENOENT ? ErrorKind::NotFound : ErrorKind::Io,
                          "source " + root + ": " + std::strerror(errno) +
                              (errno == ENOENT ? "; check the path" : ""));
    if (!S_ISDIR(st.st_mode)) {
        // A single file: its entry is named after the file itself.
        const auto slash = root.find_last_of('/');
        const std::string name = slash == std::string::npos ? root : root.substr(slash + 1);
        emit_entry(AT_FDCWD, "", root, name, st);
        return {};
    }
    if (!emit_entry(AT_FDCWD, "", root, "", st)) return {};
    const int fd = open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "source " + root + ": cannot open: " + std::strerror(errno));
    walk_dir(fd, root, "", st.st_dev);
    return {};
}

} // namespace tl::source
