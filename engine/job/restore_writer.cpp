#include "job/restore_writer.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/home.h"
#include "common/log.h"
#include "job/direct_file_data.h"
#include "job/last_parent.h"
#include "job/restore_file_ops.h"
#include "job/safe_path.h"
#include "job/target_dirs.h"
#include "job/unnamed_file.h"
#include "job/write_behind.h"
#include "job/write_pool.h"
#include "job/writeback.h"

namespace tl::job {

using format::ObjectKind;

Result<ExistingPolicy> parse_existing_policy(const std::string& t, const std::string& field) {
    if (t == "skip") return ExistingPolicy::Skip;
    if (t == "overwrite") return ExistingPolicy::Overwrite;
    if (t == "keep-newer") return ExistingPolicy::KeepNewer;
    if (t == "rename") return ExistingPolicy::Rename;
    return make_error(ErrorKind::InvalidArgument,
                      field + " '" + t + "' is unknown; use skip, overwrite, keep-newer or rename");
}

const char* existing_policy_name(ExistingPolicy p) {
    switch (p) {
    case ExistingPolicy::Overwrite:
        return "overwrite";
    case ExistingPolicy::KeepNewer:
        return "keep-newer";
    case ExistingPolicy::Rename:
        return "rename";
    case ExistingPolicy::Skip:
        break;
    }
    return "skip";
}

Result<SyncMode> parse_sync_mode(const std::string& t, const std::string& field) {
    if (t == "end") return SyncMode::End;
    if (t == "file") return SyncMode::File;
    if (t == "none") return SyncMode::None;
    return make_error(ErrorKind::InvalidArgument,
                      field + " '" + t + "' is unknown; use end, file or none");
}

const char* sync_mode_name(SyncMode m) {
    switch (m) {
    case SyncMode::File:
        return "file";
    case SyncMode::None:
        return "none";
    default:
        return "end";
    }
}

namespace {
constexpr std::size_t kWriteChunk = 1u << 20; // a small file's data gathered into one write
// Small files (all their data in one chunk) go to a lane in batches: one task for this many
// files or bytes, instead of a task per step of each file.
constexpr std::size_t kBatchFiles = 64;
constexpr std::size_t kBatchBytes = 1u << 20;
// A batch buffer's size (a small file's data fits one): a batch also ends where its buffer
// is full, so buffers never grow and the pool counts what they hold.
constexpr std::size_t kBatchBuffer = kBatchBytes;
static_assert(kWriteChunk <= kBatchBuffer);
// Batch buffers the lanes gave back, kept for the next batches (at most this many).
constexpr std::size_t kSpareBuffers = 4;

std::string join(const std::vector<std::string>& comps) {
    std::string s;
    for (const auto& c : comps)
        s += (s.empty() ? "" : "/") + c;
    return s;
}
} // namespace

// Outside the anonymous namespace, as RestoreWriter::Impl (of external linkage) holds them.
// One regular file being written; `done` (skipped, failed or renamed into place) makes the later
// steps do nothing. A file whose data fits one chunk is posted whole to a lane once verified
// (SmallFile, in a batch); a larger one is written on the reader's thread as its data arrives.
struct FileWrite {
    DirRef parent;
    std::string rel;       // path under the target, for outcomes
    std::string path;      // the object path it is written as (hard links name it)
    std::string leaf;      // name in `parent`; the open step sets the final one
    std::string tmp;       // its temporary name; "" while it has none (unnamed, O_TMPFILE)
    bool in_place = false; // created under its final name in a directory nobody sees yet
    format::ObjectHeader h;
    int fd = -1;
    bool done = false;
    bool mode_set = false;             // created with its mode
    bool owner_set = false;            // created with its owner and group (no fchown)
    std::uint64_t written = 0;         // bytes of it written so far (taken back when it is dropped)
    std::optional<WriteBehind> behind; // a large file's data sent on to the disk as written
    std::unique_ptr<DirectFileData> direct; // or written without the page cache
};

struct SmallFile {
    std::shared_ptr<FileWrite> file;
    std::size_t begin = 0, size = 0; // its data in the batch's buffer
    std::uint64_t offset = 0;
};

struct RestoreWriter::Impl {
    RestoreWriter* self = nullptr;
    int root_fd = -1;
    RestoreWriterOptions opt;
    std::unique_ptr<OwnerIds> owners;   // set when running as root: owners are restored
    uid_t euid = 0;                     // the owner of the files it creates
    mode_t umask = 077;                 // the process's (read once, at open)
    std::atomic<bool> unnamed_ok{true}; // the target's file system makes unnamed files
    std::unique_ptr<TargetDirs> dirs;
    std::vector<std::string> prefix;
    LastParent last_parent; // the directory of the last file placed (its path's check skipped)
    std::vector<std::uint64_t> wanted; // sorted header offsets
    std::vector<bool> seen;            // per entry of `wanted`
    std::map<std::uint64_t, std::string> write_as;
    DirectoryLookup lookup;

    // The reader thread's side of the file being written.
    std::shared_ptr<FileWrite> cur;
    // Its data did not fit one chunk: created at once and written on this thread from the
    // parser's buffers as the data arrives.
    bool cur_direct = false;
    // The data of a batch's small files one after the other (one allocation per batch, not per
    // file); the current file's gathered data is its tail from `buf_begin`.
    std::vector<std::uint8_t> arena;
    std::size_t buf_begin = 0;
    std::uint64_t buf_offset = 0;
    std::size_t buf_size() const { return arena.size() - buf_begin; }
    void buf_clear() { arena.resize(buf_begin); }
    std::size_t lane = 0, next_lane = 0;
    std::vector<SmallFile> batch; // verified small files not yet posted
    std::size_t batch_bytes = 0;
    // Batch buffers a lane has written out, reused: a new 2 MiB buffer per batch was a new
    // mapping, every page of it faulted in and handed back to the kernel when freed (about a
    // page fault per 4 KiB restored).
    std::vector<std::vector<std::uint8_t>> spare_buffers; // guarded by `mutex`

    struct DirMeta {
        std::vector<std::string> comps;
        format::ObjectHeader h;
        bool selected = true; // its own object was restored (else: a parent made for a file)
    };
    std::vector<DirMeta> dir_meta;

    std::mutex mutex; // outcomes, restored_as, inflight
    std::condition_variable idle;
    std::size_t inflight = 0;
    // Object path -> the object path it was written as, for later hard links to it.
    std::unordered_map<std::string, std::string> restored_as;

    ~Impl() {
        if (cur) abort_file(cur, "the restore stopped inside this file");
        drain();
        dirs.reset();
        if (root_fd >= 0) ::close(root_fd);
    }

    // Restored objects are counted; the others are kept with their reason.
    void outcome(const std::string& path, const char* status, const std::string& why) {
        if (std::strcmp(status, "restored") == 0) {
            ++self->restored_;
            return;
        }
        std::lock_guard lock(mutex);
        self->outcomes_.push_back({path, status, why});
        if (std::strcmp(status, "skipped") == 0)
            ++self->skipped_;
        else {
            ++self->failed_;
            log::get("job")->warn("restore {}: {} ({})", status, path, why);
        }
    }

    // Whether the object at header `offset` is wanted; marks it seen.
    bool take(std::uint64_t offset) {
        const auto it = std::lower_bound(wanted.begin(), wanted.end(), offset);
        if (it == wanted.end() || *it != offset) return false;
        seen[static_cast<std::size_t>(it - wanted.begin())] = true;
        return true;
    }

    void post(std::function<void()> task, std::size_t bytes = 0) {
        if (!opt.pool) return task();
        {
            std::lock_guard lock(mutex);
            ++inflight;
        }
        opt.pool->post(
            lane,
            [this, t = std::move(task)] {
                t();
                std::lock_guard lock(mutex); // notified under the lock: the waiter may go away
                --inflight;
                idle.notify_all();
            },
            bytes);
    }

    void wait_idle() {
        std::unique_lock lock(mutex);
        idle.wait(lock, [&] { return inflight == 0; });
    }

    // An empty batch buffer: one a lane gave back, else a new one.
    std::vector<std::uint8_t> batch_buffer() {
        {
            std::lock_guard lock(mutex);
            if (!spare_buffers.empty()) {
                auto b = std::move(spare_buffers.back());
                spare_buffers.pop_back();
                return b;
            }
        }
        std::vector<std::uint8_t> b;
        b.reserve(kBatchBuffer);
        return b;
    }

    // On a lane, once a batch's files are written: its buffer, for a later batch.
    void give_back(std::vector<std::uint8_t>& b) {
        b.clear();
        std::lock_guard lock(mutex);
        if (spare_buffers.size() < kSpareBuffers) spare_buffers.push_back(std::move(b));
    }

    // Posts the pending small files and waits until every posted step ran.
    void drain() {
        post_batch();
        wait_idle();
    }

    // --- steps run on a lane ---
    // `unnamed`: a small file, written whole at once, is created without a name and linked
    // into place when complete (a large one needs its name to be opened again with O_DIRECT),
    // or under its final name where nobody sees it yet.
    void open_file(FileWrite& f, bool unnamed = false) {
        std::string why;
        // In a directory nobody sees before the restore ends (StagedDirs), a small file takes
        // its final name at once; a name taken there (another writer's) is an existing file.
        const bool in_place = unnamed && f.parent->unseen();
        std::string name =
            in_place ? f.leaf
                     : final_name(f.parent->get(), f.leaf, f.h, opt.policy, f.parent->fresh(), why);
        if (name.empty()) return skip_file(f, why);
        // Created with its final permissions when the umask keeps them (no fchmod later).
        const mode_t perms = f.h.mode & 07777;
        f.mode_set = (perms & 07000) == 0 && (perms & umask) == 0 && !f.parent->default_acl();
        const mode_t create_mode = f.mode_set ? perms : 0600;
        constexpr int kCreate = O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW;
        f.fd = in_place ? ::openat(f.parent->get(), f.leaf.c_str(), kCreate, create_mode) : -1;
        f.in_place = f.fd >= 0;
        if (in_place && f.fd < 0 && errno == EEXIST &&
            (name = final_name(f.parent->get(), f.leaf, f.h, opt.policy, false, why)).empty())
            return skip_file(f, why);
        if (f.fd < 0 && unnamed && unnamed_ok) {
            f.fd = open_unnamed(f.parent->get(), create_mode);
            if (f.fd < 0 && unnamed_unsupported(errno)) unnamed_ok = false;
        }
        if (f.fd < 0) {
            f.tmp = restore_temp_name();
            f.fd = ::openat(f.parent->get(), f.tmp.c_str(), kCreate, create_mode);
        }
        if (f.fd < 0) {
            f.done = true;
            return outcome(f.rel, "failed", std::string("create: ") + std::strerror(errno));
        }
        f.leaf = name;
        f.owner_set =
            owners && owners->uid(f.h) == euid && owners->gid(f.h) == f.parent->new_file_gid();
    }

    void skip_file(FileWrite& f, const std::string& why) {
        f.done = true;
        outcome(f.rel, "skipped", why);
    }

    void drop_file(FileWrite& f, const std::string& why) {
        if (f.done) return;
        f.done = true;
        f.direct.reset();
        if (f.fd >= 0) ::close(f.fd);
        f.fd = -1;
        if (!f.tmp.empty()) ::unlinkat(f.parent->get(), f.tmp.c_str(), 0);
        if (f.in_place) ::unlinkat(f.parent->get(), f.leaf.c_str(), 0);
        self->bytes_ -= f.written; // the report counts what stays on disk
        outcome(f.rel, "failed", why);
    }

    void write_data(FileWrite& f, const std::uint8_t* data, std::size_t n, std::uint64_t offset) {
        if (f.done) return;
        if (f.direct) {
            if (auto why = f.direct->write(f.fd, data, n, offset); !why.empty())
                return drop_file(f, why);
            f.written += n;
            self->bytes_ += n;
            return;
        }
        std::size_t put = 0;
        while (put < n) {
            const ssize_t w = ::pwrite(f.fd, data + put, n - put, static_cast<off_t>(offset + put));
            if (w < 0) {
                if (errno == EINTR) continue;
                return drop_file(f, std::string("write: ") + std::strerror(errno));
            }
            put += static_cast<std::size_t>(w);
        }
        if (f.behind)
            if (auto why = f.behind->wrote(f.fd, offset, n); !why.empty()) return drop_file(f, why);
        f.written += n;
        self->bytes_ += n;
        // A large file's data is on its way already (WriteBehind): the checkpoint syncs are for
        // the small files, whose pages nothing else sends.
        if (opt.writeback && !f.behind) opt.writeback->wrote(n);
    }

    void complete_file(FileWrite& f) {
        if (f.done) return;
        const auto& h = f.h;
        if (f.direct) {
            if (auto why = f.direct->finish(f.fd); !why.empty()) return drop_file(f, why);
            f.direct.reset();
        }
        if (h.size != format::kUnknownSize && (h.flags & format::object_flags::kSparse))
            (void)!::ftruncate(f.fd, static_cast<off_t>(h.size)); // trailing hole
        if (f.behind) f.behind->finish(f.fd);
        const std::string times = apply_metadata(f.fd, h, owners.get(), f.mode_set, f.owner_set);
        if (opt.sync == SyncMode::File && ::fsync(f.fd) != 0)
            return drop_file(f, std::string("fsync: ") + std::strerror(errno));
        const int dir = f.parent->get();
        if (f.in_place) {
            ::close(f.fd);
        } else if (f.tmp.empty()) {
            if (auto why = link_into_place(f.fd, dir, f.leaf); !why.empty())
                return drop_file(f, why);
            ::close(f.fd);
        } else {
            ::close(f.fd);
            if (::renameat(dir, f.tmp.c_str(), dir, f.leaf.c_str()) != 0) {
                const int e = errno;
                f.fd = -1;
                return drop_file(f, std::string("rename into place: ") + std::strerror(e));
            }
        }
        f.fd = -1;
        f.done = true;
        if (h.nlink != 1) {
            std::lock_guard lock(mutex);
            restored_as[h.path] = f.path;
        }
        outcome(f.rel, "restored", "");
        if (!times.empty()) outcome(f.rel, "warning", times);
    }

    // --- the reader thread's side ---
    void write_small(SmallFile& s, const std::vector<std::uint8_t>& data) {
        open_file(*s.file, true);
        write_data(*s.file, data.data() + s.begin, s.size, s.offset);
        complete_file(*s.file);
    }

    // `next_dir`: the files after this batch are in another directory (another lane).
    void post_batch(bool next_dir = false) {
        if (batch.empty()) return;
        // The current file's data so far starts the next batch's buffer.
        std::vector<std::uint8_t> next = batch_buffer();
        next.insert(next.end(), arena.begin() + static_cast<std::ptrdiff_t>(buf_begin),
                    arena.end());
        arena.resize(buf_begin);
        // The pool bounds the memory the queued batches hold: their buffers' size, not the data
        // in them (counted by their data, 64 MiB of batches of 0.5 MiB in 2 MiB buffers held
        // 300 MiB).
        const std::size_t held = arena.capacity();
        post(
            [this, b = std::move(batch), data = std::move(arena)]() mutable {
                for (auto& s : b)
                    write_small(s, data);
                give_back(data);
            },
            held);
        arena = std::move(next);
        buf_begin = 0;
        batch = {};
        batch_bytes = 0;
        if (next_dir) lane = next_lane++;
    }

    // The current file, verified: posted whole in a batch, or (large) completed here.
    void complete_current() {
        if (!cur_direct) {
            // One directory's files stay on one lane: lanes in the same directory would queue
            // on its lock.
            if (!batch.empty() && batch.back().file->parent != cur->parent) post_batch(true);
            batch_bytes += buf_size();
            batch.push_back({std::move(cur), buf_begin, buf_size(), buf_offset});
            buf_begin = arena.size();
            if (batch.size() >= kBatchFiles || batch_bytes >= kBatchBytes) post_batch();
        } else {
            complete_file(*cur);
        }
        cur.reset();
    }

    // The current file outgrew one chunk: the files posted before it are written first (a
    // later version of a path never loses to an earlier one), then it is created here and what
    // was gathered of it is written.
    void go_direct() {
        cur_direct = true;
        drain();
        open_file(*cur);
        // Without the page cache where the filesystem allows it, else sent on as written.
        if (cur->fd >= 0) cur->direct = DirectFileData::open(cur->parent->get(), cur->tmp, cur->fd);
        if (!cur->direct) cur->behind.emplace();
        if (buf_size() > 0) write_data(*cur, arena.data() + buf_begin, buf_size(), buf_offset);
        buf_clear();
    }

    // Where nobody sees the file before the restore ends and this thread writes its own files
    // (no lanes), it is created at its first data under its final name and written as the data
    // arrives, without gathering it first; a hash that does not match removes it.
    bool streams_in_place() const { return !opt.pool && cur->parent->unseen(); }
    void go_in_place() {
        cur_direct = true;
        drain(); // the files gathered before it first, as for a large one
        open_file(*cur, true);
    }

    void abort_file(std::shared_ptr<FileWrite> f, const std::string& why) {
        buf_clear();
        if (f == cur) cur.reset();
        if (!cur_direct) { // nothing of it was created yet
            f->done = true;
            return outcome(f->rel, "failed", why);
        }
        drop_file(*f, why);
    }

    void start_file(DirRef parent, const std::string& rel, const std::string& path,
                    const std::string& leaf, const format::ObjectHeader& h) {
        cur = std::make_shared<FileWrite>();
        cur->parent = std::move(parent);
        cur->rel = rel;
        cur->path = path;
        cur->leaf = leaf;
        cur->h = h;
        cur_direct = false;
        buf_clear();
    }

    // A non-directory object `h` at `path`, named `leaf` in `parent` (`rel` below the target).
    void place(const DirRef& parent, const std::string& rel, const std::string& path,
               const std::string& leaf, const format::ObjectHeader& h) {
        switch (h.kind) {
        case ObjectKind::Symlink:
        case ObjectKind::Fifo:
        case ObjectKind::CharDevice:
        case ObjectKind::BlockDevice:
            return restore_special(parent, rel, leaf, h);
        case ObjectKind::Socket:
            return outcome(rel, "skipped", "sockets are not restored");
        case ObjectKind::Hardlink:
            return restore_hardlink(parent, rel, leaf, h);
        default: // regular files, raw images, pipes, SQLite copies: data follows
            return start_file(parent, rel, path, leaf, h);
        }
    }

    void restore_special(const DirRef& parent, const std::string& rel, const std::string& leaf,
                         const format::ObjectHeader& h) {
        std::string why;
        const std::string name =
            final_name(parent->get(), leaf, h, opt.policy, parent->fresh(), why);
        if (name.empty()) return outcome(rel, "skipped", why);
        const std::string tmp = restore_temp_name();
        const int pfd = parent->get();
        std::string times;
        if (auto err = create_special(pfd, tmp, h, owners.get(), times); !err.empty())
            return outcome(rel, "failed", err);
        if (::renameat(pfd, tmp.c_str(), pfd, name.c_str()) != 0) {
            const int e = errno;
            ::unlinkat(pfd, tmp.c_str(), 0);
            return outcome(rel, "failed", std::string("rename: ") + std::strerror(e));
        }
        outcome(rel, "restored", "");
        if (!times.empty()) outcome(rel, "warning", times);
    }

    void restore_hardlink(const DirRef& parent, const std::string& rel, const std::string& leaf,
                          const format::ObjectHeader& h) {
        std::string why;
        const std::string name =
            final_name(parent->get(), leaf, h, opt.policy, parent->fresh(), why);
        if (name.empty()) return outcome(rel, "skipped", why);
        drain(); // the file it links to is renamed into place
        std::string written;
        {
            std::lock_guard lock(mutex);
            auto it = restored_as.find(h.link_target);
            if (it != restored_as.end()) written = it->second;
        }
        auto tcomps = safe_components(written);
        if (written.empty() || !tcomps || tcomps->empty())
            return outcome(rel, "failed",
                           "hard link to '" + h.link_target +
                               "', which this restore did not restore");
        std::vector<std::string> tdir = prefix;
        tdir.insert(tdir.end(), tcomps->begin(), tcomps->end() - 1);
        auto tfd = dirs->open(tdir, false);
        if (!tfd) return outcome(rel, "refused", tfd.error().message);
        const std::string tmp = restore_temp_name();
        const int pfd = parent->get();
        if (::linkat(tfd.value()->get(), tcomps->back().c_str(), pfd, tmp.c_str(), 0) != 0)
            return outcome(rel, "failed", std::string("link: ") + std::strerror(errno));
        if (::renameat(pfd, tmp.c_str(), pfd, name.c_str()) != 0) {
            const int e = errno;
            ::unlinkat(pfd, tmp.c_str(), 0);
            return outcome(rel, "failed", std::string("rename: ") + std::strerror(e));
        }
        outcome(rel, "restored", "");
    }

    // Directories this writer had to create below the save set's prefix, without an object of
    // their own in the stream: the catalog's metadata when the lookup has it.
    void describe_created_dirs() {
        if (!lookup) return;
        std::set<std::vector<std::string>> have;
        for (const auto& dm : dir_meta)
            have.insert(dm.comps);
        for (const auto& comps : dirs->created()) {
            if (have.count(comps) || comps.size() < prefix.size() ||
                !std::equal(prefix.begin(), prefix.end(), comps.begin()))
                continue;
            const std::vector<std::string> inside(comps.begin() + static_cast<long>(prefix.size()),
                                                  comps.end());
            if (auto h = lookup(join(inside))) dir_meta.push_back({comps, *h, false});
        }
    }
};

Result<std::unique_ptr<RestoreWriter>> RestoreWriter::open(const std::string& target,
                                                           ExistingPolicy policy) {
    RestoreWriterOptions o;
    o.policy = policy;
    return open(target, o);
}

Result<std::unique_ptr<RestoreWriter>> RestoreWriter::open(const std::string& target,
                                                           const RestoreWriterOptions& options) {
    TL_TRY(ensure_directory(target)); // with its parents, as `--to /new/dir` expects
    const int fd = ::open(target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open restore target " + target + ": " + std::strerror(errno));
    auto impl = std::make_unique<Impl>();
    impl->root_fd = fd;
    impl->opt = options;
    impl->euid = ::geteuid();
    if (impl->euid == 0) impl->owners = std::make_unique<OwnerIds>();
    impl->umask = process_umask();
    impl->dirs = std::make_unique<TargetDirs>(fd, options.staged);
    return std::unique_ptr<RestoreWriter>(new RestoreWriter(std::move(impl)));
}

RestoreWriter::RestoreWriter(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {
    d_->self = this;
}
RestoreWriter::~RestoreWriter() = default;

SyncMode RestoreWriter::sync_mode() const {
    return d_->opt.sync;
}

Status RestoreWriter::begin_saveset(const std::string& prefix, std::vector<std::uint64_t> wanted,
                                    std::map<std::uint64_t, std::string> write_as) {
    auto comps = safe_components(prefix);
    if (!comps) return comps.error();
    d_->prefix = comps.value();
    d_->last_parent.forget();
    // What killed restores left in the tree this save set is written into goes first, also in
    // the directories this restore writes nothing into.
    d_->dirs->sweep(d_->prefix);
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    d_->wanted = std::move(wanted);
    d_->write_as = std::move(write_as);
    d_->seen.assign(d_->wanted.size(), false);
    return {};
}

void RestoreWriter::set_directory_lookup(DirectoryLookup lookup) {
    d_->lookup = std::move(lookup);
}

void RestoreWriter::fail_current(const std::string& why) {
    if (d_->cur) d_->abort_file(d_->cur, why);
}

void RestoreWriter::end_saveset() {
    if (d_->cur) fail_current("the stream ended inside this file");
    d_->drain();
    for (std::size_t i = 0; i < d_->wanted.size(); ++i)
        if (!d_->seen[i])
            d_->outcome("(object at stream offset " + std::to_string(d_->wanted[i]) + ")", "failed",
                        "not found on tape: its header was in a damaged block");
    if (d_->opt.sync != SyncMode::End) return;
    // The save set's checkpoint: on the checkpoint thread when there is one, so the reader goes
    // on with the next save set (the restore's final sync stays the durability point).
    if (d_->opt.writeback) return d_->opt.writeback->checkpoint();
    if (auto st = sync_to_disk(); !st) log::get("job")->warn("restore: {}", st.error().message);
}

Status RestoreWriter::on_object_header(std::uint64_t offset, const format::ObjectHeader& h) {
    if (d_->cur) fail_current("the next object began before this one ended");
    if (!d_->take(offset)) return {};
    const auto as = d_->write_as.find(offset);
    const std::string& path = as == d_->write_as.end() ? h.path : as->second;
    if (h.kind != ObjectKind::Directory)
        if (auto hit = d_->last_parent.find(path)) {
            d_->place(hit->dir, hit->rel, path, hit->leaf, h);
            return {};
        }
    auto comps = safe_components(path);
    std::vector<std::string> full = d_->prefix;
    if (!comps) {
        d_->outcome(join(d_->prefix) + "/" + path, "refused", comps.error().message);
        return {};
    }
    full.insert(full.end(), comps->begin(), comps->end());
    const std::string rel = join(full);
    if (full.empty() || h.kind == ObjectKind::Directory) {
        if (auto dir = d_->dirs->open(full, true); !dir)
            d_->outcome(rel, "refused", dir.error().message);
        else
            d_->dir_meta.push_back({full, h, true});
        return {};
    }
    const std::vector<std::string> parent_comps(full.begin(), full.end() - 1);
    auto parent = d_->dirs->open(parent_comps, true);
    if (!parent) {
        d_->outcome(rel, "refused", parent.error().message);
        return {};
    }
    d_->last_parent.remember(path, join(parent_comps), parent.value());
    d_->place(parent.value(), rel, path, full.back(), h);
    return {};
}

Status RestoreWriter::on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) {
    if (!d_->cur) return {};
    if (d_->cur_direct) {
        d_->write_data(*d_->cur, data, n, file_offset);
        return {};
    }
    auto& d = *d_;
    const auto size = d.cur->h.size;
    const bool large = size != format::kUnknownSize && size > kWriteChunk;
    if (d.buf_size() == 0 && (large || d.streams_in_place())) {
        // Known to be large, or unseen: written from the first byte without a copy.
        large ? d.go_direct() : d.go_in_place();
        d_->write_data(*d_->cur, data, n, file_offset);
        return {};
    }
    if (d.buf_size() > 0 &&
        (d.buf_offset + d.buf_size() != file_offset || d.buf_size() + n > kWriteChunk)) {
        d_->go_direct(); // more than a chunk, or a hole after the data: a large file
        d_->write_data(*d_->cur, data, n, file_offset);
        return {};
    }
    if (d.buf_size() == 0) {
        d.buf_offset = file_offset;
        if (d.arena.capacity() == 0) d.arena = d.batch_buffer();
    }
    // The batch so far goes when this would not fit its buffer; this file's data starts the next.
    if (d.arena.size() + n > d.arena.capacity() && !d.batch.empty()) d.post_batch();
    d.arena.insert(d.arena.end(), data, data + n);
    return {};
}

Status RestoreWriter::on_object_trailer(const format::ObjectTrailer&,
                                        const format::ObjectCheck& check) {
    if (!d_->cur) return {};
    if (!check.length_ok || !check.hash_ok) {
        fail_current(check.length_ok
                         ? "content hash mismatch: the data read differs from what was backed up"
                         : "length differs from the one recorded on tape");
        return {};
    }
    d_->complete_current();
    return {};
}

Status RestoreWriter::finish() {
    d_->drain();
    d_->describe_created_dirs();
    auto& dm = d_->dir_meta;
    std::stable_sort(dm.begin(), dm.end(),
                     [](const auto& a, const auto& b) { return a.comps.size() > b.comps.size(); });
    for (const auto& m : dm) {
        auto fd = d_->dirs->open(m.comps, false);
        if (!fd) continue;
        const std::string times = apply_metadata(fd.value()->get(), m.h, d_->owners.get());
        if (!times.empty() && m.selected) d_->outcome(join(m.comps), "warning", times);
    }
    for (const auto& m : dm)
        if (m.selected) d_->outcome(join(m.comps), "restored", "");
    dm.clear();
    return {};
}

Status RestoreWriter::sync_to_disk() {
    if (d_->opt.sync == SyncMode::None) return {};
    d_->drain();
    for (const auto& dir : d_->dirs->filesystems())
        if (::syncfs(dir->get()) != 0)
            return make_error(ErrorKind::Io,
                              std::string("syncfs of the restore target: ") + std::strerror(errno));
    return {};
}

} // namespace tl::job
