#include "catalog/name_id_cache.h"

#include <functional>

namespace tl::catalog {

std::size_t NameIdCache::probe(std::string_view name, std::uint64_t hash) const {
    const std::size_t mask = cells_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Cell& c = cells_[i];
        if (c.slot == kNone || (c.hash == hash && this->name(c.slot) == name)) return i;
    }
}

void NameIdCache::grow() {
    std::vector<Cell> old(cells_.empty() ? 1024 : cells_.size() * 2);
    old.swap(cells_);
    const std::size_t mask = cells_.size() - 1;
    for (const Cell& c : old) {
        if (c.slot == kNone) continue;
        std::size_t i = c.hash & mask;
        while (cells_[i].slot != kNone)
            i = (i + 1) & mask;
        cells_[i] = c;
    }
}

std::pair<std::size_t, bool> NameIdCache::find_or_add(std::string_view name) {
    if ((ids_.size() + 1) * 2 > cells_.size()) grow();
    const std::uint64_t hash = std::hash<std::string_view>{}(name);
    Cell& c = cells_[probe(name, hash)];
    if (c.slot != kNone) return {c.slot, false};
    arena_.append(name);
    ends_.push_back(arena_.size());
    lengths_.push_back(static_cast<std::uint32_t>(name.size()));
    ids_.push_back(kNoId);
    c = {hash, ids_.size() - 1};
    return {c.slot, true};
}

std::size_t NameIdCache::find(std::string_view name) const {
    if (cells_.empty()) return kNone;
    return cells_[probe(name, std::hash<std::string_view>{}(name))].slot;
}

void NameIdCache::clear() {
    if (ids_.empty()) return;
    cells_.assign(cells_.size(), Cell{});
    ids_.clear();
    ends_.clear();
    lengths_.clear();
    arena_.clear();
}

void NameIdCache::release() {
    *this = NameIdCache();
}

} // namespace tl::catalog
