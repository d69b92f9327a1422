#include "job/change_detector.h"

#include <algorithm>
#include <unordered_set>

#include "format/object.h"

namespace tl::job {

namespace {
std::string join_path(const std::string& dir, const std::string& name) {
    if (dir.empty()) return name;
    if (name.empty()) return dir;
    return dir + "/" + name;
}

// Whether `path` is one of `tops` or below one of them (each ancestor looked up: O(depth)).
bool below_any(const std::string& path, const std::unordered_set<std::string>& tops) {
    if (tops.empty()) return false;
    if (tops.count(path) || tops.count("")) return true;
    for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
        if (tops.count(path.substr(0, slash))) return true;
    return false;
}
} // namespace

Change detect_change(const PriorEntry* p, const CurrentEntry& n) {
    if (!p) return Change::New;
    if (p->kind != n.kind || p->size != n.size || p->mtime_ns != n.mtime_ns ||
        p->ctime_ns != n.ctime_ns || p->inode != n.inode || p->flags != 0)
        return Change::Modified;
    return Change::Unchanged;
}

bool content_check_applies(const PriorEntry& p, const CurrentEntry& n) {
    return n.kind == static_cast<int>(format::ObjectKind::RegularFile) && p.kind == n.kind &&
           p.has_hash && p.flags == 0 && p.size == n.size && p.mode == n.mode && p.uid == n.uid &&
           p.gid == n.gid;
}

Status BaseView::load(catalog::Db& db, const std::vector<std::int64_t>& chain) {
    auto files = db.prepare("SELECT d.path, f.name, f.kind, f.mode, f.uid, f.gid, f.size, "
                            "f.mtime, f.ctime, f.inode, f.hash, f.flags FROM files f JOIN dirs d "
                            "ON d.id=f.dir_id WHERE f.saveset_id=?");
    if (!files) return files.error();
    auto gone = db.prepare("SELECT d.path, x.name FROM deletions x JOIN dirs d ON d.id=x.dir_id "
                           "WHERE x.saveset_id=?");
    if (!gone) return gone.error();
    for (const auto id : chain) {
        gone->reset();
        gone->bind(1, id);
        for (;;) {
            auto row = gone->step();
            if (!row) return row.error();
            if (!row.value()) break;
            entries_.erase(join_path(gone->text(0), gone->text(1)));
        }
        files->reset();
        files->bind(1, id);
        for (;;) {
            auto row = files->step();
            if (!row) return row.error();
            if (!row.value()) break;
            auto& s = files.value();
            PriorEntry e;
            e.kind = static_cast<int>(s.i64(2));
            e.mode = static_cast<std::uint32_t>(s.i64(3));
            e.uid = static_cast<std::uint32_t>(s.i64(4));
            e.gid = static_cast<std::uint32_t>(s.i64(5));
            e.size = static_cast<std::uint64_t>(s.i64(6));
            e.mtime_ns = s.i64(7);
            e.ctime_ns = s.i64(8);
            e.inode = static_cast<std::uint64_t>(s.i64(9));
            if (!s.is_null(10)) {
                const std::string h = s.blob(10);
                if (h.size() == e.hash.size()) {
                    std::copy(h.begin(), h.end(), e.hash.begin());
                    e.has_hash = true;
                }
            }
            e.flags = static_cast<std::uint32_t>(s.i64(11));
            entries_.insert_or_assign(join_path(s.text(0), s.text(1)), e);
        }
    }
    return {};
}

PriorEntry* BaseView::visit(const std::string& path) {
    auto it = entries_.find(path);
    if (it == entries_.end()) return nullptr;
    it->second.seen = true;
    return &it->second;
}

std::vector<std::pair<std::string, int>>
BaseView::unvisited(const std::vector<std::string>& unsure) const {
    const std::unordered_set<std::string> tops(unsure.begin(), unsure.end());
    std::vector<std::pair<std::string, int>> out;
    for (const auto& [path, e] : entries_)
        if (!e.seen && !below_any(path, tops)) out.emplace_back(path, e.kind);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace tl::job
