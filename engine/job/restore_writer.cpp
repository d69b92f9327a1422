#include "job/restore_writer.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

#include <acl/libacl.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/acl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "common/home.h"
#include "common/log.h"
#include "job/safe_path.h"

namespace tl::job {

using format::ObjectKind;

Result<ExistingPolicy> parse_existing_policy(const std::string& t) {
    if (t == "skip") return ExistingPolicy::Skip;
    if (t == "overwrite") return ExistingPolicy::Overwrite;
    if (t == "keep-newer") return ExistingPolicy::KeepNewer;
    if (t == "rename") return ExistingPolicy::Rename;
    return make_error(ErrorKind::InvalidArgument,
                      "--existing '" + t +
                          "' is unknown; use skip, overwrite, keep-newer or rename");
}

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
std::string join(const std::vector<std::string>& comps) {
    std::string s;
    for (const auto& c : comps)
        s += (s.empty() ? "" : "/") + c;
    return s;
}
} // namespace

struct RestoreWriter::Impl {
    RestoreWriter* self = nullptr;
    int root_fd = -1;
    ExistingPolicy policy = ExistingPolicy::Skip;
    bool as_root = false;
    std::vector<std::string> prefix;
    std::set<std::uint64_t> wanted;
    std::set<std::uint64_t> seen;

    // The object being written.
    bool active = false;
    bool skip_data = false;
    format::ObjectHeader h;
    std::string rel; // path under the target
    int parent_fd = -1;
    std::string leaf;
    std::string tmp; // temporary name in parent
    int fd = -1;

    // Last parent directory, cached: consecutive files mostly share it.
    std::string cached_parent;
    int cached_fd = -1;

    struct DirMeta {
        std::vector<std::string> comps;
        format::ObjectHeader h;
    };
    std::vector<DirMeta> dirs;
    std::set<std::string> restored_paths; // for hard links

    ~Impl() {
        drop_current();
        if (cached_fd >= 0) ::close(cached_fd);
        if (root_fd >= 0) ::close(root_fd);
    }

    void outcome(const std::string& path, const char* status, const std::string& why) {
        self->outcomes_.push_back({path, status, why});
        if (std::strcmp(status, "failed") == 0 || std::strcmp(status, "refused") == 0) {
            ++self->failed_;
            log::get("job")->warn("restore {}: {} ({})", status, path, why);
        }
    }

    Result<int> parent_for(const std::vector<std::string>& comps) {
        std::vector<std::string> dir(comps.begin(), comps.end() - 1);
        const std::string key = join(dir);
        if (cached_fd >= 0 && key == cached_parent) return cached_fd;
        auto fd = open_dir_below(root_fd, dir, true);
        if (!fd) return fd.error();
        if (cached_fd >= 0) ::close(cached_fd);
        cached_fd = fd.value();
        cached_parent = key;
        return cached_fd;
    }

    void drop_current() {
        if (fd >= 0) ::close(fd);
        fd = -1;
        if (!tmp.empty() && parent_fd >= 0) ::unlinkat(parent_fd, tmp.c_str(), 0);
        tmp.clear();
        active = false;
    }

    std::string temp_name() {
        static thread_local std::mt19937_64 rng{std::random_device{}()};
        char buf[64];
        std::snprintf(buf, sizeof buf, ".tapeloom-restore-%016llx",
                      static_cast<unsigned long long>(rng()));
        return buf;
    }

    // Where the final name goes given the policy; "" = skip. Sets `why` for a skip.
    std::string final_name(std::string& why) {
        struct stat st {};
        if (::fstatat(parent_fd, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return leaf;
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
                if (::fstatat(parent_fd, cand.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return cand;
            }
        }
        if (S_ISDIR(st.st_mode) && !S_ISDIR(h.mode)) {
            why = "a directory of that name exists";
            return "";
        }
        return leaf;
    }

    void apply_meta_fd(int f, const format::ObjectHeader& oh) {
        if (as_root) (void)!::fchown(f, owner_uid(oh), owner_gid(oh));
        ::fchmod(f, oh.mode & 07777);
        for (const auto& x : oh.xattrs)
            ::fsetxattr(f, x.name.c_str(), x.value.data(), x.value.size(), 0);
        const std::string proc = "/proc/self/fd/" + std::to_string(f);
        if (!oh.acl_access.empty())
            if (acl_t a = acl_from_text(oh.acl_access.c_str())) {
                acl_set_fd(f, a);
                acl_free(a);
            }
        if (!oh.acl_default.empty())
            if (acl_t a = acl_from_text(oh.acl_default.c_str())) {
                acl_set_file(proc.c_str(), ACL_TYPE_DEFAULT, a);
                acl_free(a);
            }
        const timespec ts[2] = {to_ts(oh.atime_ns), to_ts(oh.mtime_ns)};
        ::futimens(f, ts);
    }
};

Result<std::unique_ptr<RestoreWriter>> RestoreWriter::open(const std::string& target,
                                                           ExistingPolicy policy) {
    TL_TRY(ensure_directory(target)); // with its parents, as `--to /new/dir` expects
    const int fd = ::open(target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open restore target " + target + ": " + std::strerror(errno));
    auto impl = std::make_unique<Impl>();
    impl->root_fd = fd;
    impl->policy = policy;
    impl->as_root = ::geteuid() == 0;
    auto w = std::unique_ptr<RestoreWriter>(new RestoreWriter(std::move(impl)));
    return w;
}

RestoreWriter::RestoreWriter(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {
    d_->self = this;
}
RestoreWriter::~RestoreWriter() = default;

Status RestoreWriter::begin_saveset(const std::string& prefix, std::set<std::uint64_t> wanted) {
    auto comps = safe_components(prefix);
    if (!comps) return comps.error();
    d_->prefix = comps.value();
    d_->wanted = std::move(wanted);
    d_->seen.clear();
    return {};
}

void RestoreWriter::fail_current(const std::string& why) {
    if (!d_->active) return;
    const std::string rel = d_->rel;
    d_->drop_current();
    d_->outcome(rel, "failed", why);
}

void RestoreWriter::end_saveset() {
    if (d_->active) fail_current("the stream ended inside this file");
    for (auto off : d_->wanted)
        if (!d_->seen.count(off))
            d_->outcome("(object at stream offset " + std::to_string(off) + ")", "failed",
                        "not found on tape: its header was in a damaged block");
}

Status RestoreWriter::on_object_header(std::uint64_t offset, const format::ObjectHeader& h) {
    if (d_->active) fail_current("the next object began before this one ended");
    if (!d_->wanted.count(offset)) return {};
    d_->seen.insert(offset);
    d_->h = h;
    d_->skip_data = true;
    auto comps = safe_components(h.path);
    std::vector<std::string> full = d_->prefix;
    std::string shown = join(d_->prefix);
    if (!comps) {
        d_->outcome(shown + "/" + h.path, "refused", comps.error().message);
        return {};
    }
    full.insert(full.end(), comps->begin(), comps->end());
    d_->rel = join(full);
    if (full.empty() || h.kind == ObjectKind::Directory) {
        auto fd = open_dir_below(d_->root_fd, full, true);
        if (!fd) {
            d_->outcome(d_->rel, "refused", fd.error().message);
            return {};
        }
        ::close(fd.value());
        d_->dirs.push_back({full, h});
        d_->restored_paths.insert(h.path);
        return {};
    }
    auto parent = d_->parent_for(full);
    if (!parent) {
        d_->outcome(d_->rel, "refused", parent.error().message);
        return {};
    }
    d_->parent_fd = parent.value();
    d_->leaf = full.back();
    std::string why;
    const std::string name = d_->final_name(why);
    if (name.empty()) {
        d_->outcome(d_->rel, "skipped", why);
        return {};
    }
    const std::string tmp = d_->temp_name();
    const int pfd = d_->parent_fd;
    auto finish_special = [&](int rc, const char* what) -> Status {
        if (rc != 0) {
            d_->outcome(d_->rel, "failed", std::string(what) + ": " + std::strerror(errno));
            return {};
        }
        if (d_->as_root)
            ::fchownat(pfd, tmp.c_str(), owner_uid(h), owner_gid(h), AT_SYMLINK_NOFOLLOW);
        if (h.kind != ObjectKind::Symlink) ::fchmodat(pfd, tmp.c_str(), h.mode & 07777, 0);
        const timespec ts[2] = {to_ts(h.atime_ns), to_ts(h.mtime_ns)};
        ::utimensat(pfd, tmp.c_str(), ts, AT_SYMLINK_NOFOLLOW);
        if (::renameat(pfd, tmp.c_str(), pfd, name.c_str()) != 0) {
            ::unlinkat(pfd, tmp.c_str(), 0);
            d_->outcome(d_->rel, "failed", std::string("rename: ") + std::strerror(errno));
            return {};
        }
        d_->outcome(d_->rel, "restored", "");
        ++restored_;
        d_->restored_paths.insert(h.path);
        return {};
    };
    switch (h.kind) {
    case ObjectKind::Symlink:
        return finish_special(::symlinkat(h.link_target.c_str(), pfd, tmp.c_str()), "symlink");
    case ObjectKind::Fifo:
        return finish_special(::mkfifoat(pfd, tmp.c_str(), h.mode & 07777), "mkfifo");
    case ObjectKind::CharDevice:
    case ObjectKind::BlockDevice:
        return finish_special(::mknodat(pfd, tmp.c_str(), h.mode, static_cast<dev_t>(h.rdev)),
                              "mknod");
    case ObjectKind::Socket:
        d_->outcome(d_->rel, "skipped", "sockets are not restored");
        return {};
    case ObjectKind::Hardlink: {
        auto tcomps = safe_components(h.link_target);
        if (!tcomps || tcomps->empty() || !d_->restored_paths.count(h.link_target)) {
            d_->outcome(d_->rel, "failed",
                        "hard link to '" + h.link_target + "', which this restore did not restore");
            return {};
        }
        std::vector<std::string> tfull = d_->prefix;
        tfull.insert(tfull.end(), tcomps->begin(), tcomps->end());
        std::vector<std::string> tdir(tfull.begin(), tfull.end() - 1);
        auto tfd = open_dir_below(d_->root_fd, tdir, false);
        if (!tfd) {
            d_->outcome(d_->rel, "refused", tfd.error().message);
            return {};
        }
        const int rc = ::linkat(tfd.value(), tfull.back().c_str(), pfd, tmp.c_str(), 0);
        ::close(tfd.value());
        if (rc != 0) {
            d_->outcome(d_->rel, "failed", std::string("link: ") + std::strerror(errno));
            return {};
        }
        if (::renameat(pfd, tmp.c_str(), pfd, name.c_str()) != 0) ::unlinkat(pfd, tmp.c_str(), 0);
        d_->outcome(d_->rel, "restored", "");
        ++restored_;
        return {};
    }
    default:
        break; // regular files, raw images, pipes, SQLite copies: data follows
    }
    d_->fd = ::openat(pfd, tmp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (d_->fd < 0) {
        d_->outcome(d_->rel, "failed", std::string("create: ") + std::strerror(errno));
        return {};
    }
    d_->tmp = tmp;
    d_->leaf = name;
    d_->active = true;
    d_->skip_data = false;
    return {};
}

Status RestoreWriter::on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) {
    if (!d_->active || d_->skip_data) return {};
    std::size_t done = 0;
    while (done < n) {
        const ssize_t w =
            ::pwrite(d_->fd, data + done, n - done, static_cast<off_t>(file_offset + done));
        if (w < 0) {
            if (errno == EINTR) continue;
            fail_current(std::string("write: ") + std::strerror(errno));
            return {};
        }
        done += static_cast<std::size_t>(w);
    }
    bytes_ += n;
    return {};
}

Status RestoreWriter::on_object_trailer(const format::ObjectTrailer&,
                                        const format::ObjectCheck& check) {
    if (!d_->active) return {};
    if (!check.length_ok || !check.hash_ok) {
        fail_current(check.length_ok
                         ? "content hash mismatch: the data read differs from what was backed up"
                         : "length differs from the one recorded on tape");
        return {};
    }
    const auto& h = d_->h;
    if (h.size != format::kUnknownSize && (h.flags & format::object_flags::kSparse))
        (void)!::ftruncate(d_->fd, static_cast<off_t>(h.size)); // trailing hole
    d_->apply_meta_fd(d_->fd, h);
    ::fsync(d_->fd);
    ::close(d_->fd);
    d_->fd = -1;
    if (::renameat(d_->parent_fd, d_->tmp.c_str(), d_->parent_fd, d_->leaf.c_str()) != 0) {
        fail_current(std::string("rename into place: ") + std::strerror(errno));
        return {};
    }
    d_->tmp.clear();
    d_->active = false;
    d_->outcome(d_->rel, "restored", "");
    d_->restored_paths.insert(h.path);
    ++restored_;
    return {};
}

Status RestoreWriter::finish() {
    std::stable_sort(d_->dirs.begin(), d_->dirs.end(),
                     [](const auto& a, const auto& b) { return a.comps.size() > b.comps.size(); });
    for (const auto& dm : d_->dirs) {
        auto fd = open_dir_below(d_->root_fd, dm.comps, false);
        if (!fd) continue;
        d_->apply_meta_fd(fd.value(), dm.h);
        ::close(fd.value());
        d_->outcome(join(dm.comps), "restored", "");
        ++restored_;
    }
    d_->dirs.clear();
    return {};
}

} // namespace tl::job
