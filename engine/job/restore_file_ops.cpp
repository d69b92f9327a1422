#include "job/restore_file_ops.h"

#include <cerrno>
#include <cstring>

#include <acl/libacl.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/acl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace tl::job {

using format::ObjectKind;

namespace {
timespec to_ts(std::int64_t ns) {
    timespec t{};
    t.tv_sec = static_cast<time_t>(ns / 1'000'000'000);
    t.tv_nsec = static_cast<long>(ns % 1'000'000'000);
    return t;
}
uid_t owner_uid(const format::ObjectHeader& h) {
    if (!h.user.empty())
        if (const passwd* p = getpwnam(h.user.c_str())) return p->pw_uid;
    return h.uid;
}
gid_t owner_gid(const format::ObjectHeader& h) {
    if (!h.group.empty())
        if (const group* g = getgrnam(h.group.c_str())) return g->gr_gid;
    return h.gid;
}
} // namespace

std::string final_name(int dir_fd, const std::string& leaf, const format::ObjectHeader& h,
                       ExistingPolicy policy, bool absent, std::string& why) {
    struct stat st {};
    if (absent || ::fstatat(dir_fd, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return leaf;
    switch (policy) {
    case ExistingPolicy::Skip:
        why = "exists (policy skip)";
        return "";
    case ExistingPolicy::Overwrite:
        break;
    case ExistingPolicy::KeepNewer: {
        const std::int64_t have =
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
        if (have >= h.mtime_ns) {
            why = "exists and is not older (policy keep-newer)";
            return "";
        }
        break;
    }
    case ExistingPolicy::Rename:
        for (int i = 0;; ++i) {
            std::string cand = leaf + ".restored" + (i ? "." + std::to_string(i) : "");
            if (::fstatat(dir_fd, cand.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return cand;
        }
    }
    if (S_ISDIR(st.st_mode) && !S_ISDIR(h.mode)) {
        why = "a directory of that name exists";
        return "";
    }
    return leaf;
}

void apply_metadata(int f, const format::ObjectHeader& h, bool as_root) {
    if (as_root) (void)!::fchown(f, owner_uid(h), owner_gid(h));
    ::fchmod(f, h.mode & 07777);
    for (const auto& x : h.xattrs)
        ::fsetxattr(f, x.name.c_str(), x.value.data(), x.value.size(), 0);
    if (!h.acl_access.empty())
        if (acl_t a = acl_from_text(h.acl_access.c_str())) {
            acl_set_fd(f, a);
            acl_free(a);
        }
    if (!h.acl_default.empty())
        if (acl_t a = acl_from_text(h.acl_default.c_str())) {
            const std::string proc = "/proc/self/fd/" + std::to_string(f);
            acl_set_file(proc.c_str(), ACL_TYPE_DEFAULT, a);
            acl_free(a);
        }
    const timespec ts[2] = {to_ts(h.atime_ns), to_ts(h.mtime_ns)};
    ::futimens(f, ts);
}

std::string create_special(int pfd, const std::string& name, const format::ObjectHeader& h,
                           bool as_root) {
    int rc = -1;
    const char* what = "";
    switch (h.kind) {
    case ObjectKind::Symlink:
        rc = ::symlinkat(h.link_target.c_str(), pfd, name.c_str());
        what = "symlink";
        break;
    case ObjectKind::Fifo:
        rc = ::mkfifoat(pfd, name.c_str(), h.mode & 07777);
        what = "mkfifo";
        break;
    default: // character and block devices
        rc = ::mknodat(pfd, name.c_str(), h.mode, static_cast<dev_t>(h.rdev));
        what = "mknod";
        break;
    }
    if (rc != 0) return std::string(what) + ": " + std::strerror(errno);
    if (as_root) ::fchownat(pfd, name.c_str(), owner_uid(h), owner_gid(h), AT_SYMLINK_NOFOLLOW);
    if (h.kind != ObjectKind::Symlink) ::fchmodat(pfd, name.c_str(), h.mode & 07777, 0);
    const timespec ts[2] = {to_ts(h.atime_ns), to_ts(h.mtime_ns)};
    ::utimensat(pfd, name.c_str(), ts, AT_SYMLINK_NOFOLLOW);
    return "";
}

} // namespace tl::job
