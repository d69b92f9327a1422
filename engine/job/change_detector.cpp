#include "job/change_detector.h"

#include <algorithm>
#include <unordered_set>

#include "catalog/entry_store.h"
#include "format/object.h"
#include "job/join_path.h"

namespace tl::job {

namespace {
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
    for (const auto id : chain) {
        TL_TRY(catalog::for_each_deletion(db, id,
                                          [&](const std::string& dir, const std::string& name) {
                                              entries_.erase(join_path(dir, name));
                                          }));
        TL_TRY(catalog::for_each_prior(db, id, [&](const catalog::PriorRow& r) {
            PriorEntry e;
            e.kind = r.kind;
            e.mode = r.mode;
            e.uid = r.uid;
            e.gid = r.gid;
            e.size = r.size;
            e.mtime_ns = r.mtime_ns;
            e.ctime_ns = r.ctime_ns;
            e.inode = r.inode;
            if (r.hash && r.hash->size() == e.hash.size()) {
                std::copy(r.hash->begin(), r.hash->end(), e.hash.begin());
                e.has_hash = true;
            }
            e.flags = r.flags;
            entries_.insert_or_assign(join_path(r.dir, r.name), e);
        }));
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
