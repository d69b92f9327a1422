#include "job/target_dirs.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <random>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "common/log.h"
#include "job/safe_path.h"
#include "job/staged_dirs.h"

namespace tl::job {

namespace {
constexpr const char* kTempPrefix = ".tapeloom-restore-";
constexpr std::size_t kMaxCached = 4096; // directory fds kept open at once

std::string key_of(const std::vector<std::string>& comps, std::size_t n) {
    std::string k;
    for (std::size_t i = 0; i < n; ++i)
        k += (i ? "/" : "") + comps[i];
    return k;
}
bool all_hex(const std::string& s) {
    return !s.empty() && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}
// A process that ended and was not reaped (its parent does not wait for it): its restore is
// over although kill(pid, 0) still finds it.
bool is_zombie(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", static_cast<long>(pid));
    std::FILE* f = std::fopen(path, "re");
    if (!f) return false;
    char buf[512] = {};
    const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    const char* close = std::strrchr(buf, ')'); // the name may hold spaces and parentheses
    return n > 0 && close && close[1] == ' ' && (close[2] == 'Z' || close[2] == 'X');
}
constexpr int kMaxSweepDepth = 512;
} // namespace

namespace {
gid_t group_of_new_files(int dir_fd) {
    struct stat st {};
    if (dir_fd >= 0 && ::fstat(dir_fd, &st) == 0 && (st.st_mode & S_ISGID)) return st.st_gid;
    return ::getegid();
}
} // namespace

DirFd::DirFd(int fd, bool fresh, std::shared_ptr<const StagedDirs> staged)
    : fd_(fd), fresh_(fresh), staged_(std::move(staged)),
      default_acl_(fd >= 0 && ::fgetxattr(fd, "system.posix_acl_default", nullptr, 0) > 0),
      new_file_gid_(group_of_new_files(fd)) {}

bool DirFd::unseen() const {
    return staged_ && !staged_->published();
}

DirFd::~DirFd() {
    if (fd_ >= 0) ::close(fd_);
}

std::string restore_temp_name() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    static const long pid = static_cast<long>(::getpid()); // the same for every thread
    char buf[80];
    std::snprintf(buf, sizeof buf, "%s%ld-%016llx", kTempPrefix, pid,
                  static_cast<unsigned long long>(rng()));
    return buf;
}

bool is_stale_restore_temp(const std::string& name) {
    if (name.rfind(kTempPrefix, 0) != 0) return false;
    const std::string rest = name.substr(std::strlen(kTempPrefix));
    if (all_hex(rest)) return true; // the name of releases before the pid was in it
    const auto dash = rest.find('-');
    if (dash == std::string::npos || dash == 0 || !all_hex(rest.substr(dash + 1))) return false;
    const std::string pid_text = rest.substr(0, dash);
    if (pid_text.find_first_not_of("0123456789") != std::string::npos || pid_text.size() > 9)
        return false;
    const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
    if (pid == ::getpid()) return false;
    if (::kill(pid, 0) != 0) return errno == ESRCH; // its restore still runs otherwise
    return is_zombie(pid);
}

TargetDirs::TargetDirs(int root_fd, std::shared_ptr<StagedDirs> staged)
    : root_fd_(root_fd), staged_(std::move(staged)) {}

Result<DirRef> TargetDirs::open(const std::vector<std::string>& comps, bool create) {
    if (!root_) { // the target itself: cleaned once, and its filesystem is one to sync
        const int fd = ::dup(root_fd_);
        if (fd < 0) return make_error(ErrorKind::Io, std::string("dup: ") + std::strerror(errno));
        root_ = std::make_shared<DirFd>(fd, false);
        note_opened("", root_, false);
    }
    // The deepest cached ancestor (the target itself when none).
    std::size_t have = comps.size();
    DirRef dir;
    for (; have > 0 && !dir; --have)
        if (auto it = cache_.find(key_of(comps, have)); it != cache_.end()) dir = it->second;
    if (dir)
        ++have; // the loop stepped past the one found
    else
        dir = root_;
    for (std::size_t i = have; i < comps.size(); ++i) {
        bool made = false;
        const std::string key = key_of(comps, i + 1);
        auto next = open_step(dir, comps[i], key, create, &made);
        if (!next) return next.error();
        dir = std::move(next.value());
        if (made) created_.emplace_back(comps.begin(), comps.begin() + static_cast<long>(i + 1));
        note_opened(key, dir, made);
    }
    return dir;
}

Result<DirRef> TargetDirs::open_step(const DirRef& parent, const std::string& leaf,
                                     const std::string& key, bool create, bool* made) {
    const auto opened = [&](Result<int> fd, bool unseen) -> Result<DirRef> {
        if (!fd) return fd.error();
        return DirRef(std::make_shared<DirFd>(fd.value(), *made, unseen ? staged_ : nullptr));
    };
    // Without staging, or inside a staged directory (already out of sight): as it is named.
    if (!staged_ || parent->unseen())
        return opened(open_dir_step(parent->get(), leaf, key, create, made), parent->unseen());
    if (auto name = staged_->staged_name(key); !name.empty()) // staged by another writer
        return opened(open_dir_step(parent->get(), name, key, false), true);
    auto found = open_dir_step(parent->get(), leaf, key, false);
    if (found || !create || found.error().kind != ErrorKind::NotFound)
        return opened(std::move(found), false);
    auto name = staged_->make(parent->get(), key, leaf, made);
    if (!name) return name.error();
    return opened(open_dir_step(parent->get(), name.value(), key, false), true);
}

void TargetDirs::note_opened(const std::string& key, const DirRef& dir, bool made) {
    // A directory this job staged holds nothing an earlier restore left.
    if (!made && !dir->unseen()) remove_stale_temps(dir->get());
    struct stat st {};
    if (::fstat(dir->get(), &st) == 0)
        devices_.try_emplace(static_cast<std::uint64_t>(st.st_dev), dir);
    if (key.empty()) return;                         // the target: root_fd_ serves it
    if (cache_.size() >= kMaxCached) cache_.clear(); // users keep their own references
    cache_.emplace(key, dir);
}

void TargetDirs::remove_stale_temps(int dir_fd, std::vector<std::string>* subdirs) {
    const int fd = ::openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    DIR* d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return;
    }
    while (const dirent* e = ::readdir(d)) {
        const bool dot = std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0;
        if (subdirs && !dot && (e->d_type == DT_DIR || e->d_type == DT_UNKNOWN))
            subdirs->emplace_back(e->d_name);
        if (!is_stale_restore_temp(e->d_name)) continue;
        // A file, or the staged directory of a restore (StagedDirs) with what it holds.
        bool removed = e->d_type != DT_DIR && ::unlinkat(dir_fd, e->d_name, 0) == 0;
        if (!removed && (e->d_type == DT_DIR || errno == EISDIR))
            removed = remove_tree(dir_fd, e->d_name);
        if (removed) {
            ++stale_removed_;
            log::get("job")->info("restore: removed {}, left by an interrupted restore", e->d_name);
        }
    }
    ::closedir(d);
}

void TargetDirs::sweep(const std::vector<std::string>& comps) {
    const std::string key = key_of(comps, comps.size());
    for (const auto& done : swept_) // a tree inside one swept already is clean
        if (done.empty() || key == done || key.rfind(done + "/", 0) == 0) return;
    auto top = open(comps, false);
    if (!top) return; // not there yet: nothing was left in it
    swept_.push_back(key);
    struct stat st {};
    if (::fstat(top.value()->get(), &st) != 0) return;
    sweep_tree(top.value()->get(), static_cast<std::uint64_t>(st.st_dev), 0);
}

void TargetDirs::sweep_tree(int dir_fd, std::uint64_t dev, int depth) {
    std::vector<std::string> subdirs;
    remove_stale_temps(dir_fd, &subdirs);
    if (depth >= kMaxSweepDepth) return;
    for (const auto& name : subdirs) {
        const int fd =
            ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue; // not a directory, a symlink, or unreadable
        struct stat st {};
        if (::fstat(fd, &st) == 0 && static_cast<std::uint64_t>(st.st_dev) == dev)
            sweep_tree(fd, dev, depth + 1);
        ::close(fd);
    }
}

std::vector<DirRef> TargetDirs::filesystems() const {
    std::vector<DirRef> out;
    for (const auto& [dev, dir] : devices_)
        out.push_back(dir);
    return out;
}

} // namespace tl::job
