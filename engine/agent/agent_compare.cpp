#include "agent/agent_compare.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include "agent/wire.h"
#include "codec/hash.h"
#include "common/log.h"
#include "format/object.h"

namespace tl::agent {

namespace {

constexpr std::size_t kMaxListed = 1000;

// The XXH3-128 of the file's data as a backup stores it: the extents of a sparse file's map,
// else all of it; nullopt when it cannot be read.
std::optional<codec::Hash128> content_hash(const std::string& path, const format::ObjectHeader& h) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return std::nullopt;
    std::vector<format::Extent> extents = h.sparse_map;
    if (!(h.flags & format::object_flags::kSparse)) extents = {{0, ~std::uint64_t{0}}};
    codec::ContentHasher hasher;
    std::vector<char> buf(1 << 20);
    bool ok = true;
    for (const auto& e : extents) {
        std::uint64_t at = e.offset, left = e.length;
        while (ok && left > 0) {
            const auto n = ::pread(fd, buf.data(), std::min<std::uint64_t>(buf.size(), left),
                                   static_cast<off_t>(at));
            if (n < 0) ok = false;
            if (n <= 0) break;
            hasher.update(buf.data(), static_cast<std::size_t>(n));
            at += static_cast<std::uint64_t>(n);
            left -= static_cast<std::uint64_t>(n);
        }
    }
    ::close(fd);
    if (!ok) return std::nullopt;
    return hasher.finish();
}

// Why the file at `full` differs from the object (h, t); nullopt when it is the same.
std::optional<std::string> difference(const std::string& full, const struct stat& st,
                                      const format::ObjectHeader& h,
                                      const format::ObjectTrailer& t) {
    if ((h.mode & S_IFMT) != 0 && (h.mode & S_IFMT) != (st.st_mode & S_IFMT))
        return std::string("another kind of file than the backup's ") + format::to_string(h.kind);
    if (h.kind == format::ObjectKind::Symlink) {
        std::string target(4096, '\0');
        const auto n = ::readlink(full.c_str(), target.data(), target.size());
        target.resize(n < 0 ? 0 : static_cast<std::size_t>(n));
        if (target != h.link_target)
            return "points to " + target + ", the backup's to " + h.link_target;
        return std::nullopt;
    }
    if (h.kind != format::ObjectKind::RegularFile) return std::nullopt;
    if (h.size != format::kUnknownSize && static_cast<std::uint64_t>(st.st_size) != h.size)
        return "size " + std::to_string(st.st_size) + " on the client, " + std::to_string(h.size) +
               " on tape";
    auto hash = content_hash(full, h);
    if (!hash) return std::string("cannot be read: ") + std::strerror(errno);
    if (hash.value() != t.hash) return std::string("content differs from the tape");
    return std::nullopt;
}

// Compares the objects of the frames with the files below each save set's root.
class Comparer {
public:
    explicit Comparer(const AllowList& allow) : allow_(allow) {}

    // One frame; false when it was the finish.
    Result<bool> apply(const Frame& f);
    nlohmann::json outcome() const;

private:
    void compare(const format::ObjectTrailer& t);
    void note(nlohmann::json& list, std::uint64_t& count, const std::string& path,
              const std::string& why);

    const AllowList& allow_;
    std::string root_;
    std::optional<format::ObjectHeader> current_;
    std::uint64_t compared_ = 0, same_ = 0, differing_count_ = 0, missing_count_ = 0;
    nlohmann::json differing_ = nlohmann::json::array(), missing_ = nlohmann::json::array();
};

void Comparer::note(nlohmann::json& list, std::uint64_t& count, const std::string& path,
                    const std::string& why) {
    ++count;
    if (list.size() < kMaxListed) list.push_back({{"path", path}, {"why", why}});
}

void Comparer::compare(const format::ObjectTrailer& t) {
    const auto& h = current_.value();
    const std::string full = h.path.empty() ? root_ : root_ + "/" + h.path;
    ++compared_;
    struct stat st {};
    if (::lstat(full.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            note(missing_, missing_count_, full, "not on the client");
        else
            note(differing_, differing_count_, full, std::strerror(errno));
        return;
    }
    if (auto why = difference(full, st, h, t))
        note(differing_, differing_count_, full, *why);
    else
        ++same_;
}

Result<bool> Comparer::apply(const Frame& f) {
    switch (f.type) {
    case frame::kSaveset: {
        auto j = parse_json(f);
        if (!j) return j.error();
        root_ = j->value("root", "");
        TL_TRY(allow_.check(root_, "tree to compare"));
        return true;
    }
    case frame::kObject: {
        if (f.payload.size() < 8) return make_error(ErrorKind::Corrupt, "a damaged object frame");
        auto h = format::decode_object_header(f.payload.data() + 8, f.payload.size() - 8);
        if (!h) return h.error();
        current_ = std::move(h.value());
        return true;
    }
    case frame::kTrailer: {
        auto t = format::decode_object_trailer(f.payload.data(), f.payload.size());
        if (!t) return t.error();
        if (current_) compare(t.value());
        current_.reset();
        return true;
    }
    case frame::kObjectFailed: {
        auto j = parse_json(f);
        const std::string path = j ? j->value("path", "") : "";
        note(differing_, differing_count_, root_ + "/" + path,
             "damaged on tape: " + (j ? j->value("why", "") : std::string()));
        current_.reset();
        return true;
    }
    case frame::kData:
        return true; // a service that sends data: not needed to compare
    case frame::kFinish:
        return false;
    case frame::kError:
        return error_from(f, "the service");
    default:
        return make_error(ErrorKind::Corrupt, "an unexpected frame in a compare");
    }
}

nlohmann::json Comparer::outcome() const {
    return {{"status", "ok"},          {"compared", compared_},
            {"same", same_},           {"differing_count", differing_count_},
            {"differing", differing_}, {"missing_count", missing_count_},
            {"missing", missing_}};
}

} // namespace

Status serve_compare(TlsLink& link, const nlohmann::json&, const AllowList& allow) {
    TL_TRY(send_json(link, frame::kCompare, {{"ready", true}}));
    Comparer comparer(allow);
    for (;;) {
        auto f = link.receive();
        if (!f) return f.error();
        auto more = comparer.apply(f.value());
        if (!more) {
            (void)send_error(link, more.error());
            return more.error();
        }
        if (!more.value()) break;
    }
    auto done = comparer.outcome();
    log::get("engine")->info("compare: {} object(s), {} differing, {} missing",
                             done.value("compared", 0), done.value("differing_count", 0),
                             done.value("missing_count", 0));
    return send_json(link, frame::kDone, done);
}

} // namespace tl::agent
