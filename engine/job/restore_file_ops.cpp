#include "job/restore_file_ops.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include <acl/libacl.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/acl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "format/object_times.h"

namespace tl::job {

using format::ObjectKind;

namespace {
constexpr std::size_t kNameBuffer = 16384;

std::string time_text(const timespec& t) {
    char frac[16];
    std::snprintf(frac, sizeof frac, ".%09ld", t.tv_nsec);
    return std::to_string(static_cast<long long>(t.tv_sec)) + frac + " s";
}

// Between 1970 and 2038 every filesystem holds a time as given.
bool ordinary(const timespec& t) {
    return t.tv_sec >= 0 && t.tv_sec <= 0x7fffffff;
}

// "" when setting the times succeeded (`err`: the errno of futimens/utimensat, 0 when it
// succeeded) and the object at `fd` holds `mtime` exactly; else why not. A filesystem clamps
// a time it cannot hold without an error, so one outside 1970..2038 is read back.
std::string times_set(int err, int fd, const timespec& mtime) {
    if (err != 0)
        return "its modification time " + time_text(mtime) +
               " could not be set: " + std::strerror(err);
    struct stat st {};
    if (ordinary(mtime) || fd < 0 || ::fstat(fd, &st) != 0) return "";
    if (st.st_mtim.tv_sec == mtime.tv_sec && st.st_mtim.tv_nsec == mtime.tv_nsec) return "";
    return "its modification time " + time_text(mtime) + " is beyond what the filesystem holds (" +
           time_text(st.st_mtim) + " was set)";
}

uid_t lookup_user(const std::string& name) {
    passwd pw{}, *found = nullptr;
    std::vector<char> buf(kNameBuffer);
    if (getpwnam_r(name.c_str(), &pw, buf.data(), buf.size(), &found) == 0 && found)
        return found->pw_uid;
    return static_cast<uid_t>(-1);
}
gid_t lookup_group(const std::string& name) {
    group gr{}, *found = nullptr;
    std::vector<char> buf(kNameBuffer);
    if (getgrnam_r(name.c_str(), &gr, buf.data(), buf.size(), &found) == 0 && found)
        return found->gr_gid;
    return static_cast<gid_t>(-1);
}
} // namespace

uid_t OwnerIds::uid(const format::ObjectHeader& h) {
    if (h.user.empty()) return h.uid;
    std::lock_guard lock(mutex_);
    auto it = users_.find(h.user);
    if (it == users_.end()) it = users_.emplace(h.user, lookup_user(h.user)).first;
    return it->second == static_cast<uid_t>(-1) ? h.uid : it->second;
}

gid_t OwnerIds::gid(const format::ObjectHeader& h) {
    if (h.group.empty()) return h.gid;
    std::lock_guard lock(mutex_);
    auto it = groups_.find(h.group);
    if (it == groups_.end()) it = groups_.emplace(h.group, lookup_group(h.group)).first;
    return it->second == static_cast<gid_t>(-1) ? h.gid : it->second;
}

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

mode_t process_umask() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "Umask:") {
            std::string octal;
            in >> octal;
            return static_cast<mode_t>(std::strtoul(octal.c_str(), nullptr, 8));
        }
        in.ignore(1 << 12, '\n');
    }
    return 022;
}

namespace {
// What of a file's metadata could not be set, as one warning: "could not set its mode:
// Operation not permitted; its access ACL: ...".
class MetadataFailures {
public:
    // After a call that failed with errno.
    void failed(const std::string& what) { add(what + ": " + std::strerror(errno)); }
    void add(const std::string& text) {
        text_ += (text_.empty() ? "could not set its " : "; its ") + text;
    }
    // The warning, with `times` (times_set's) after it.
    std::string with(const std::string& times) const {
        if (text_.empty()) return times;
        return times.empty() ? text_ : text_ + "; " + times;
    }

private:
    std::string text_;
};

void apply_acl(int f, const std::string& text, bool default_acl, MetadataFailures& failures) {
    const char* what = default_acl ? "default ACL" : "access ACL";
    acl_t a = acl_from_text(text.c_str());
    if (!a) return failures.add(std::string(what) + " '" + text + "': not an ACL on this system");
    const std::string proc = "/proc/self/fd/" + std::to_string(f);
    const int rc = default_acl ? acl_set_file(proc.c_str(), ACL_TYPE_DEFAULT, a) : acl_set_fd(f, a);
    if (rc != 0) failures.failed(what);
    acl_free(a);
}
} // namespace

std::string apply_metadata(int f, const format::ObjectHeader& h, OwnerIds* owners, bool mode_set,
                           bool owner_set) {
    MetadataFailures failures;
    if (owners && !owner_set && ::fchown(f, owners->uid(h), owners->gid(h)) != 0)
        failures.failed("owner");
    if (!mode_set && ::fchmod(f, h.mode & 07777) != 0) failures.failed("mode");
    for (const auto& x : h.xattrs)
        if (::fsetxattr(f, x.name.c_str(), x.value.data(), x.value.size(), 0) != 0)
            failures.failed("extended attribute " + x.name);
    if (!h.acl_access.empty()) apply_acl(f, h.acl_access, false, failures);
    if (!h.acl_default.empty()) apply_acl(f, h.acl_default, true, failures);
    const timespec ts[2] = {format::access_time(h), format::modification_time(h)};
    return failures.with(times_set(::futimens(f, ts) == 0 ? 0 : errno, f, ts[1]));
}

std::string create_special(int pfd, const std::string& name, const format::ObjectHeader& h,
                           OwnerIds* owners, std::string& warning) {
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
    MetadataFailures failures;
    if (owners &&
        ::fchownat(pfd, name.c_str(), owners->uid(h), owners->gid(h), AT_SYMLINK_NOFOLLOW) != 0)
        failures.failed("owner");
    if (h.kind != ObjectKind::Symlink && ::fchmodat(pfd, name.c_str(), h.mode & 07777, 0) != 0)
        failures.failed("mode");
    const timespec ts[2] = {format::access_time(h), format::modification_time(h)};
    const int err = ::utimensat(pfd, name.c_str(), ts, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : errno;
    std::string times;
    if (err != 0 || !ordinary(ts[1])) {
        const int fd = ::openat(pfd, name.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
        times = times_set(err, fd, ts[1]);
        if (fd >= 0) ::close(fd);
    }
    warning = failures.with(times);
    return "";
}

} // namespace tl::job
