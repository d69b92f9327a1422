#include "job/session_reader.h"

#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <unordered_map>

#include <fcntl.h>
#include <grp.h>
#include <linux/fs.h>
#include <pwd.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "codec/hash.h"
#include "format/object_times.h"
#include "job/change_detector.h"
#include "source/dir_fd_pins.h"
#include "source/sqlite_snapshot.h"

namespace tl::job {

namespace {
std::int64_t ns(const timespec& t) {
    return format::time_ns(t);
}

format::ObjectKind kind_of(const struct stat& st, bool hardlink) {
    if (hardlink) return format::ObjectKind::Hardlink;
    if (S_ISDIR(st.st_mode)) return format::ObjectKind::Directory;
    if (S_ISLNK(st.st_mode)) return format::ObjectKind::Symlink;
    if (S_ISFIFO(st.st_mode)) return format::ObjectKind::Fifo;
    if (S_ISCHR(st.st_mode)) return format::ObjectKind::CharDevice;
    if (S_ISBLK(st.st_mode)) return format::ObjectKind::BlockDevice;
    if (S_ISSOCK(st.st_mode)) return format::ObjectKind::Socket;
    return format::ObjectKind::RegularFile;
}

// Owner names are looked up once per id: NSS parses /etc/passwd on every call, which would
// cost more than reading a small file.
const std::string& user_name(std::unordered_map<uid_t, std::string>& cache, uid_t uid) {
    auto it = cache.find(uid);
    if (it != cache.end()) return it->second;
    passwd pw{}, *res = nullptr;
    char buf[4096];
    std::string name = getpwuid_r(uid, &pw, buf, sizeof buf, &res) == 0 && res ? res->pw_name : "";
    return cache.emplace(uid, std::move(name)).first->second;
}
const std::string& group_name(std::unordered_map<gid_t, std::string>& cache, gid_t gid) {
    auto it = cache.find(gid);
    if (it != cache.end()) return it->second;
    group gr{}, *res = nullptr;
    char buf[4096];
    std::string name = getgrgid_r(gid, &gr, buf, sizeof buf, &res) == 0 && res ? res->gr_name : "";
    return cache.emplace(gid, std::move(name)).first->second;
}

// Data extents of a sparse file (SEEK_DATA/SEEK_HOLE); empty when it has no holes.
std::vector<format::Extent> data_extents(int fd, std::uint64_t size) {
    std::vector<format::Extent> out;
    off_t pos = 0;
    const auto end = static_cast<off_t>(size);
    while (pos < end) {
        const off_t data = lseek(fd, pos, SEEK_DATA);
        if (data < 0) break; // ENXIO: only a hole remains
        off_t hole = lseek(fd, data, SEEK_HOLE);
        if (hole < 0 || hole > end) hole = end;
        out.push_back({static_cast<std::uint64_t>(data), static_cast<std::uint64_t>(hole - data)});
        pos = hole;
    }
    lseek(fd, 0, SEEK_SET);
    if (out.size() == 1 && out[0].offset == 0 && out[0].length == size) out.clear();
    if (out.empty() && size > 0 && lseek(fd, 0, SEEK_DATA) < 0) {
        lseek(fd, 0, SEEK_SET);
        return {{0, 0}}; // all hole: one empty extent keeps it sparse
    }
    lseek(fd, 0, SEEK_SET);
    return out;
}

// Small files are read ahead of the one being stored, by this many threads, this many entries
// and bytes ahead at most (source/file_prefetch.h). 256 entries (64 before): the readers then
// find a batch waiting more often, and the walk waits for them less; half the context switches
// of a 200,000-file backup and about a tenth of its time (issue 17;
// docs/notes/2026-11-30..12-05-backup-restore-lab-notes.md
// "The small-file backup's catalog rows and waits"). The byte bound keeps a tree of files near
// kPrefetchMax from holding 64 MiB per session.
constexpr std::size_t kPrefetchThreads = 2;
constexpr std::size_t kPrefetchWindow = 256;
constexpr std::uint64_t kPrefetchBytes = 16u << 20;
constexpr off_t kPrefetchMax = 256 * 1024;

const codec::Hash128& hash_of_nothing() {
    static const codec::Hash128 h = codec::hash128(nullptr, 0);
    return h;
}

std::pair<std::string, std::string> split_path(const std::string& rel) {
    const auto slash = rel.find_last_of('/');
    if (slash == std::string::npos) return {"", rel};
    return {rel.substr(0, slash), rel.substr(slash + 1)};
}
} // namespace

SessionReader::SessionReader(source::SourceSpec spec, StreamWriter& out, ReaderContext ctx,
                             SessionCounters& counters)
    : spec_(std::move(spec)), out_(out), ctx_(std::move(ctx)), counters_(counters) {}

Status SessionReader::run() {
    Status st;
    switch (spec_.kind) {
    case source::SourceKind::FileTree:
        st = read_tree();
        break;
    case source::SourceKind::Raw: {
        const auto name = std::filesystem::path(spec_.target).filename().string();
        st = read_raw(spec_.target, format::ObjectKind::RawImage, name);
        break;
    }
    case source::SourceKind::Command:
        st = read_command();
        break;
    case source::SourceKind::Sqlite:
        st = read_sqlite();
        break;
    case source::SourceKind::Client: // read by the client's agent (agent/remote_session.h)
        st = make_error(ErrorKind::Internal, spec_.text + " is read by its agent");
        break;
    }
    if (!st && st.error().kind == ErrorKind::Cancelled) return st;
    // The stream always ends, even after an error, so the multiplexer is never left waiting.
    Status fin = out_.finish();
    counters_.stream_bytes = out_.offset();
    return st ? fin : st;
}

Status SessionReader::copy_data(int fd, std::uint64_t size,
                                const std::vector<format::Extent>* extents,
                                format::ObjectTrailer& trailer) {
    codec::ContentHasher hasher;
    std::uint64_t total = 0;
    auto copy_range = [&](std::uint64_t from, std::uint64_t len, bool to_eof) -> Status {
        std::uint64_t pos = from;
        std::uint64_t left = len;
        while (to_eof || left > 0) {
            std::size_t cap = 0;
            const std::size_t want =
                to_eof ? (1u << 20)
                       : static_cast<std::size_t>(std::min<std::uint64_t>(left, 1u << 24));
            auto area = out_.data_area(want, cap);
            if (!area) return area.error();
            ssize_t n;
            do {
                n = extents ? pread(fd, area.value(), cap, static_cast<off_t>(pos))
                            : read(fd, area.value(), cap);
            } while (n < 0 && errno == EINTR);
            if (n < 0) {
                trailer.status |= format::trailer_status::kReadError;
                return make_error(ErrorKind::Io,
                                  std::string("read error: ") + std::strerror(errno));
            }
            if (n == 0) {
                if (!to_eof) trailer.status |= format::trailer_status::kTruncated;
                break;
            }
            hasher.update(area.value(), static_cast<std::size_t>(n));
            TL_TRY(out_.commit_data(static_cast<std::size_t>(n)));
            counters_.bytes_read += static_cast<std::uint64_t>(n);
            pos += static_cast<std::uint64_t>(n);
            total += static_cast<std::uint64_t>(n);
            if (!to_eof) left -= static_cast<std::uint64_t>(n);
        }
        return {};
    };
    if (extents) {
        for (const auto& e : *extents)
            TL_TRY(copy_range(e.offset, e.length, false));
    } else if (size == format::kUnknownSize) {
        TL_TRY(copy_range(0, 0, true));
    } else {
        TL_TRY(copy_range(0, size, false));
    }
    trailer.data_length = total;
    trailer.hash = hasher.finish();
    return {};
}

Status SessionReader::copy_prefetched(const source::PrefetchedFile& pre,
                                      format::ObjectTrailer& trailer) {
    // Hashed by the prefetcher's thread right after the read, in one call (a streaming hasher
    // on this thread allocated its state per file and hashed in pieces).
    trailer.hash = pre.hash;
    std::size_t put = 0;
    while (put < pre.data.size()) {
        std::size_t cap = 0;
        auto area = out_.data_area(pre.data.size() - put, cap);
        if (!area) return area.error();
        const std::size_t n = std::min(cap, pre.data.size() - put);
        std::memcpy(area.value(), pre.data.data() + put, n);
        TL_TRY(out_.commit_data(n));
        put += n;
    }
    counters_.bytes_read += put;
    trailer.data_length = put;
    if (pre.read_error != 0) {
        trailer.status |= format::trailer_status::kReadError;
        return make_error(ErrorKind::Io,
                          std::string("read error: ") + std::strerror(pre.read_error));
    }
    return {};
}

format::ObjectHeader SessionReader::header_of(const source::FsEntry& e) {
    format::ObjectHeader h;
    h.kind = kind_of(e.st, e.hardlink);
    h.object_id = next_object_id_++;
    h.path = e.path;
    h.link_target = e.link_target;
    h.mode = e.st.st_mode;
    h.uid = e.st.st_uid;
    h.gid = e.st.st_gid;
    h.user = user_name(users_, e.st.st_uid);
    h.group = group_name(groups_, e.st.st_gid);
    format::set_times(h, e.st.st_atim, e.st.st_mtim, e.st.st_ctim);
    h.dev = e.st.st_dev;
    h.rdev = e.st.st_rdev;
    h.inode = e.st.st_ino;
    h.nlink = static_cast<std::uint32_t>(e.st.st_nlink);
    for (const auto& [k, v] : e.xattrs)
        h.xattrs.push_back({k, v});
    h.acl_access = e.acl_access;
    h.acl_default = e.acl_default;
    h.size =
        h.kind == format::ObjectKind::RegularFile ? static_cast<std::uint64_t>(e.st.st_size) : 0;
    return h;
}

bool SessionReader::take_prefetched(const source::FsEntry& e, const std::string& abs,
                                    source::PrefetchedFile& pre, format::ObjectHeader& h) {
    if (pre.open_error != 0) {
        ctx_.warn("cannot read " + abs + ": " + std::strerror(pre.open_error) + "; skipped");
        counters_.warnings++;
        return false;
    }
    for (auto& [k, v] : pre.meta.xattrs)
        h.xattrs.push_back({k, std::move(v)});
    if (!e.metadata_read) h.acl_access = std::move(pre.meta.acl_access);
    return true;
}

int SessionReader::open_data(const source::FsEntry& e, const std::string& abs,
                             format::ObjectHeader& h) {
    int fd = ::openat(e.dirfd, e.name.c_str(), O_RDONLY | O_NOATIME | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0 && errno == EPERM) // O_NOATIME needs the file's owner
        fd = ::openat(e.dirfd, e.name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        ctx_.warn("cannot read " + abs + ": " + std::strerror(errno) + "; skipped");
        counters_.warnings++;
        return -1;
    }
    if (!e.metadata_read) {
        source::FsEntry meta;
        source::read_metadata_fd(fd, meta);
        for (auto& [k, v] : meta.xattrs)
            h.xattrs.push_back({k, std::move(v)});
        h.acl_access = std::move(meta.acl_access);
    }
    if (h.size > 0 && static_cast<std::uint64_t>(e.st.st_blocks) * 512 < h.size) {
        auto extents = data_extents(fd, h.size);
        if (!extents.empty()) {
            h.flags |= format::object_flags::kSparse;
            h.sparse_map = extents;
            if (extents.size() == 1 && extents[0].length == 0) h.sparse_map.clear();
        }
    }
    if (h.size > (1u << 20)) posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return fd;
}

Status SessionReader::store_data(const source::FsEntry& e, const std::string& abs, int fd,
                                 const source::PrefetchedFile* pre, const format::ObjectHeader& h,
                                 format::ObjectTrailer& trailer) {
    const bool sparse = (h.flags & format::object_flags::kSparse) != 0;
    Status st = pre ? copy_prefetched(*pre, trailer)
                    : copy_data(fd, h.size, sparse ? &h.sparse_map : nullptr, trailer);
    if (!st && st.error().kind == ErrorKind::Io) { // a read error: the file is kept, flagged
        ctx_.warn("error reading " + abs + ": " + st.error().message);
        counters_.warnings++;
        st = {};
    }
    if (!st) return st;
    struct stat after {};
    const bool have_after = pre ? pre->after_ok : fstat(fd, &after) == 0;
    if (pre) after = pre->after;
    if (have_after && (after.st_size != e.st.st_size || ns(after.st_mtim) != h.mtime_ns ||
                       ns(after.st_ctim) != h.ctime_ns))
        trailer.status |= format::trailer_status::kChangedDuringRead;
    if (!sparse && trailer.data_length != h.size)
        trailer.status |= format::trailer_status::kChangedDuringRead;
    return {};
}

FileRecord SessionReader::record_of(const source::FsEntry& e, const format::ObjectHeader& h,
                                    const format::ObjectTrailer& trailer,
                                    std::uint64_t header_offset) const {
    const bool has_data = h.kind == format::ObjectKind::RegularFile;
    const bool changed = (trailer.status & format::trailer_status::kChangedDuringRead) != 0;
    FileRecord r;
    r.saveset_id = ctx_.saveset_id;
    std::tie(r.dir, r.name) = split_path(e.path);
    r.kind = static_cast<int>(h.kind);
    r.mode = h.mode;
    r.uid = h.uid;
    r.gid = h.gid;
    r.size = has_data ? (changed ? trailer.data_length : h.size) : 0;
    if (has_data && (h.flags & format::object_flags::kSparse)) r.size = h.size;
    r.mtime_ns = h.mtime_ns;
    r.ctime_ns = h.ctime_ns;
    r.inode = h.inode;
    if (has_data) {
        r.has_hash = true;
        r.hash = hash_bytes(trailer.hash);
    }
    r.offset = header_offset;
    r.flags = (changed ? 1u : 0u) | (trailer.status & format::trailer_status::kReadError ? 2u : 0u);
    return r;
}

Status SessionReader::put_entry(const source::FsEntry& e, const std::string& abs,
                                source::PrefetchedFile* pre) {
    format::ObjectHeader h = header_of(e);
    const bool has_data = h.kind == format::ObjectKind::RegularFile;
    int fd = -1;
    if (has_data && pre && !take_prefetched(e, abs, *pre, h)) return {};
    if (has_data && !pre && (fd = open_data(e, abs, h)) < 0) return {};
    const std::uint64_t header_offset = out_.offset();
    Status st = out_.begin_object(h);
    format::ObjectTrailer trailer;
    trailer.hash = hash_of_nothing(); // objects without data
    if (st && has_data) st = store_data(e, abs, fd, pre, h, trailer);
    if (fd >= 0) ::close(fd);
    if (!st) return st;
    if (trailer.status & format::trailer_status::kChangedDuringRead) {
        ctx_.warn("file changed while it was read: " + abs);
        counters_.warnings++;
    }
    TL_TRY(out_.end_object(trailer, record_of(e, h, trailer, header_offset)));
    counters_.files++;
    counters_.stream_bytes = out_.offset();
    return {};
}

bool SessionReader::same_content(const source::FsEntry& e,
                                 const std::array<std::uint8_t, 16>& hash) {
    // Sparse files are hashed over their data extents only: not comparable here, so stored.
    if (static_cast<std::uint64_t>(e.st.st_blocks) * 512 < static_cast<std::uint64_t>(e.st.st_size))
        return false;
    const int fd = ::openat(e.dirfd, e.name.c_str(), O_RDONLY | O_NOATIME | O_CLOEXEC | O_NOFOLLOW);
    const int f =
        fd >= 0 ? fd : ::openat(e.dirfd, e.name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (f < 0) return false; // put_entry reports it
    posix_fadvise(f, 0, 0, POSIX_FADV_SEQUENTIAL);
    codec::ContentHasher hasher;
    std::vector<std::uint8_t> buf(1u << 20);
    std::uint64_t total = 0;
    bool ok = true;
    for (;;) {
        const ssize_t n = ::read(f, buf.data(), buf.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ok = false;
            break;
        }
        if (n == 0) break;
        hasher.update(buf.data(), static_cast<std::size_t>(n));
        total += static_cast<std::uint64_t>(n);
    }
    ::close(f);
    return ok && total == static_cast<std::uint64_t>(e.st.st_size) &&
           hash_bytes(hasher.finish()) == hash;
}

bool SessionReader::settle_regular_file(source::FsEntry& e, const std::string& abs,
                                        std::optional<source::PrefetchedFile>& pre,
                                        source::LinkTable& links) {
    if (e.stat_pending) {
        if (!pre || pre->open_error != 0) return true; // put_entry warns that it cannot be read
        auto skip = [&](const std::string& why) {
            ctx_.warn(abs + ": " + why + "; skipped");
            counters_.warnings++;
            return false;
        };
        if (!pre->before_ok) return skip("cannot stat the opened file");
        if (!S_ISREG(pre->before.st_mode))
            return skip("no longer a regular file when it was opened (changed during the walk)");
        e.st = pre->before;
        e.stat_pending = false;
    }
    if (!S_ISREG(e.st.st_mode) || e.st.st_nlink < 2) return true;
    if (const std::string* first = links.first_or_add(e.st.st_dev, e.st.st_ino, e.path)) {
        e.hardlink = true; // a further name: stored as a link to the first, without its data
        e.link_target = *first;
        if (pre) pre->unread = true;
    }
    return true;
}

Status SessionReader::read_tree() {
    Status failure;
    const std::string root = spec_.target;
    struct stat rs {};
    const bool single = lstat(root.c_str(), &rs) == 0 && !S_ISDIR(rs.st_mode);
    // diff/incr: the base chain's entries, loaded in bulk before the walk.
    std::optional<BaseView> base;
    if (ctx_.base_view) {
        base.emplace(std::move(*ctx_.base_view));
        ctx_.base_view.reset();
    } else if (!ctx_.base_chain.empty()) {
        auto db = catalog::Db::open(ctx_.db_path, false);
        if (!db) return db.error();
        base.emplace();
        if (auto st = base->load(db.value(), ctx_.base_chain); !st)
            return make_error(st.error().kind,
                              spec_.text + ": cannot load the base backup: " + st.error().message);
    }
    std::vector<std::string> unsure; // paths the walk could not read: never marked deleted
    // A full backup opens every regular file anyway: its stat comes from the open fd, not from
    // a path lookup of the walk (source/file_tree_walker.h), and its hard links are found here,
    // in walk order, once that stat is known.
    source::WalkOptions walk = ctx_.walk;
    walk.defer_regular_stat = !base;
    source::LinkTable links;
    // Entries are stored in walk order, up to kPrefetchWindow behind the walk: the small regular
    // files among them are opened and read meanwhile by the prefetcher's threads.
    // The window runs on across directory ends: each pending entry holds its directory open
    // (source/dir_fd_pins.h); where a directory cannot be held, the window is stored before the
    // walk leaves it.
    source::DirFdPins pins;
    bool store_on_leave = false;
    struct Pending {
        source::FsEntry entry;
        std::shared_ptr<const int> dir; // keeps entry.dirfd open until the entry is stored
        std::optional<std::uint64_t> ticket;
        std::uint64_t bytes = 0; // submitted to the prefetcher
    };
    std::deque<Pending> pending;
    std::uint64_t pending_bytes = 0;
    source::FilePrefetcher prefetch(kPrefetchThreads);
    auto store_next = [&]() -> bool {
        Pending p = std::move(pending.front());
        pending.pop_front();
        pending_bytes -= p.bytes;
        std::optional<source::PrefetchedFile> pre;
        if (p.ticket) pre = prefetch.take(*p.ticket);
        if (!failure.ok()) return false; // a failed entry stops the walk; the rest is dropped
        source::FsEntry& e = p.entry;
        const std::string abs = e.path.empty() ? root : root + "/" + e.path;
        if (ctx_.current_file) ctx_.current_file(abs);
        if (walk.defer_regular_stat && !settle_regular_file(e, abs, pre, links)) {
            if (pre) prefetch.recycle(std::move(*pre));
            return true; // skipped, warned
        }
        // A single-file source: the entry's path is the file's name. A file the readers only
        // opened (large, sparse, or past their budget) is read here.
        const bool read_ahead = pre && !pre->unread;
        auto st = put_entry(e, single ? root : abs, read_ahead ? &*pre : nullptr);
        if (pre) prefetch.recycle(std::move(*pre));
        if (!st) failure = st;
        return st.ok();
    };
    auto store_all = [&] {
        bool ok = true;
        while (!pending.empty())
            ok = store_next() && ok;
        return ok;
    };
    source::FileTreeWalker walker(
        walk,
        [&](source::FsEntry& e) {
            if (base) {
                CurrentEntry now;
                now.kind = static_cast<int>(kind_of(e.st, e.hardlink));
                now.mode = e.st.st_mode;
                now.uid = e.st.st_uid;
                now.gid = e.st.st_gid;
                now.size = now.kind == static_cast<int>(format::ObjectKind::RegularFile)
                               ? static_cast<std::uint64_t>(e.st.st_size)
                               : 0;
                now.mtime_ns = ns(e.st.st_mtim);
                now.ctime_ns = ns(e.st.st_ctim);
                now.inode = e.st.st_ino;
                const PriorEntry* prior = base->visit(e.path);
                const Change change = detect_change(prior, now);
                if (change == Change::Unchanged) {
                    counters_.unchanged++;
                    return true;
                }
                if (change == Change::Modified && ctx_.compare_hash &&
                    content_check_applies(*prior, now) && same_content(e, prior->hash)) {
                    counters_.same_content++;
                    return true;
                }
            }
            Pending p;
            p.dir = pins.pin(e.dirfd);
            if (!p.dir && pins.open() > 0) { // too many held: store them, then hold this one
                if (!store_all()) return false;
                p.dir = pins.pin(e.dirfd);
            }
            if (p.dir)
                e.dirfd = *p.dir;
            else
                store_on_leave = true;
            if (e.stat_pending) { // its size is known once opened: the budget is the readers'
                p.ticket = prefetch.submit(e.dirfd, e.name, kPrefetchMax, !e.metadata_read,
                                           source::SizeIs::AtMost);
            } else if (S_ISREG(e.st.st_mode) && !e.hardlink && e.st.st_size > 0 &&
                       e.st.st_size <= kPrefetchMax &&
                       static_cast<std::uint64_t>(e.st.st_blocks) * 512 >=
                           static_cast<std::uint64_t>(e.st.st_size)) {
                p.bytes = static_cast<std::uint64_t>(e.st.st_size);
                p.ticket = prefetch.submit(e.dirfd, e.name, p.bytes, !e.metadata_read);
                pending_bytes += p.bytes;
            }
            p.entry = std::move(e);
            pending.push_back(std::move(p));
            const bool room = pending.size() <= kPrefetchWindow && pending_bytes <= kPrefetchBytes;
            return room || store_next();
        },
        [&](const std::string& path, const std::string& message) {
            unsure.push_back(path);
            ctx_.warn(root + "/" + path + ": " + message + "; skipped");
            counters_.warnings++;
        });
    walker.set_on_leave_dir([&](int dirfd) { // the walker's dirfd closes next
        pins.left(dirfd);
        if (!store_on_leave) return true;
        store_on_leave = false;
        return store_all();
    });
    const Status walked = walker.walk(root);
    store_all();
    TL_TRY(walked);
    if (!failure.ok()) return failure;
    if (base && ctx_.record_deletions) {
        std::vector<DeletionRecord> gone;
        for (auto& [path, kind] : base->unvisited(unsure)) {
            DeletionRecord d;
            d.saveset_id = ctx_.saveset_id;
            std::tie(d.dir, d.name) = split_path(path);
            d.kind = kind;
            gone.push_back(std::move(d));
        }
        counters_.deleted = gone.size();
        if (!gone.empty()) ctx_.record_deletions(std::move(gone));
    }
    return {};
}

Status SessionReader::read_raw(const std::string& path, format::ObjectKind kind,
                               const std::string& name) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io, "cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    fstat(fd, &st);
    std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
    if (S_ISBLK(st.st_mode)) {
        std::uint64_t bytes = 0;
        if (ioctl(fd, BLKGETSIZE64, &bytes) == 0) size = bytes;
    }
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    format::ObjectHeader h;
    h.kind = kind;
    h.object_id = next_object_id_++;
    h.path = name;
    h.mode = S_IFREG | (st.st_mode & 07777);
    h.uid = st.st_uid;
    h.gid = st.st_gid;
    h.mtime_ns = ns(st.st_mtim);
    h.size = size;
    const std::uint64_t header_offset = out_.offset();
    Status rs = out_.begin_object(h);
    format::ObjectTrailer trailer;
    if (rs) rs = copy_data(fd, size, nullptr, trailer);
    ::close(fd);
    if (!rs) return make_error(rs.error().kind, spec_.text + ": " + rs.error().message);
    FileRecord r;
    r.saveset_id = ctx_.saveset_id;
    r.name = name;
    r.kind = static_cast<int>(kind);
    r.mode = h.mode;
    r.uid = h.uid;
    r.gid = h.gid;
    r.size = trailer.data_length;
    r.mtime_ns = h.mtime_ns;
    r.has_hash = true;
    r.hash = hash_bytes(trailer.hash);
    r.offset = header_offset;
    TL_TRY(out_.end_object(trailer, std::move(r)));
    counters_.files++;
    return {};
}

Status SessionReader::read_command() {
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0)
        return make_error(ErrorKind::Io, std::string("pipe: ") + std::strerror(errno));
    const pid_t pid = fork();
    if (pid < 0) return make_error(ErrorKind::Io, std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
        dup2(pipefd[1], STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", spec_.target.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    ::close(pipefd[1]);
    format::ObjectHeader h;
    h.kind = format::ObjectKind::Pipe;
    h.object_id = next_object_id_++;
    h.path = "stdout";
    h.mode = S_IFREG | 0600;
    h.size = format::kUnknownSize;
    h.properties.push_back({"command", spec_.target});
    const std::uint64_t header_offset = out_.offset();
    Status rs = out_.begin_object(h);
    format::ObjectTrailer trailer;
    if (rs) rs = copy_data(pipefd[0], format::kUnknownSize, nullptr, trailer);
    ::close(pipefd[0]);
    int status = 0;
    if (!rs) kill(pid, SIGTERM);
    waitpid(pid, &status, 0);
    if (!rs) return rs;
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) trailer.status |= format::trailer_status::kReadError;
    FileRecord r;
    r.saveset_id = ctx_.saveset_id;
    r.name = "stdout";
    r.kind = static_cast<int>(h.kind);
    r.mode = h.mode;
    r.size = trailer.data_length;
    r.has_hash = true;
    r.hash = hash_bytes(trailer.hash);
    r.offset = header_offset;
    r.flags = ok ? 0 : 2;
    TL_TRY(out_.end_object(trailer, std::move(r)));
    counters_.files++;
    if (!ok)
        return make_error(
            ErrorKind::Io,
            "command '" + spec_.target + "' exited with status " +
                std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)) +
                "; its output is on tape but the save set is marked failed");
    return {};
}

Status SessionReader::read_sqlite() {
    const std::string snap = ctx_.spool_dir + "/sqlite-" + std::to_string(ctx_.saveset_id) + ".db";
    SystemClock sys;
    TL_TRY(source::snapshot_sqlite(spec_.target, snap, ctx_.clock ? *ctx_.clock : sys));
    const auto name = std::filesystem::path(spec_.target).filename().string();
    Status st = read_raw(snap, format::ObjectKind::Sqlite, name);
    ::unlink(snap.c_str());
    return st;
}

} // namespace tl::job
