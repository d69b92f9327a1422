#pragma once
// The ids of the names an EntryWriter met (catalog/entry_writer.h): an open-addressing table
// over one flat array, each name kept once in an arena. A backup of 200,000 unique names looks
// each one up and adds it; a node-based map paid an allocation, a chain walk and rehashes of
// its chains per name on the catalog thread, this pays a probe of a flat array. One thread.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tl::catalog {

class NameIdCache {
public:
    // The id of a name added whose row is not known yet (ids start at 1).
    static constexpr std::int64_t kNoId = -1;
    static constexpr std::size_t kNone = ~std::size_t{0};

    // The slot of `name` (an index for id() and name(), kept until clear()); `added` when it
    // was not there (its id is then kNoId).
    std::pair<std::size_t, bool> find_or_add(std::string_view name);
    // The slot of `name`, or kNone.
    std::size_t find(std::string_view name) const;
    std::int64_t& id(std::size_t slot) { return ids_[slot]; }
    std::string_view name(std::size_t slot) const {
        return std::string_view(arena_).substr(ends_[slot] - lengths_[slot], lengths_[slot]);
    }
    std::size_t size() const { return ids_.size(); }
    // Empty again (the memory kept for the next names).
    void clear();
    // Empty again, the memory freed.
    void release();

private:
    struct Cell {
        std::uint64_t hash = 0;
        std::size_t slot = kNone;
    };
    // The cell of `name`, or the empty cell where it would go.
    std::size_t probe(std::string_view name, std::uint64_t hash) const;
    void grow();

    std::vector<Cell> cells_; // a power of two, at most half full
    std::vector<std::int64_t> ids_;
    std::vector<std::size_t> ends_;      // where each slot's name ends in arena_
    std::vector<std::uint32_t> lengths_; // its length
    std::string arena_;
};

} // namespace tl::catalog
