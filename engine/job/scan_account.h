#pragma once
// What a volume scan could not account for (docs/cli.md "scan"): per stream, the objects it
// rebuilt whole and the chunks it could not parse (after a damaged or misplaced block, until
// the next object boundary), so the objects a session's index lists but the scan did not
// rebuild are named with the block where they were lost.
#include <cstdint>
#include <optional>
#include <vector>

namespace tl::job {

// Stream bytes [begin, end) read in `block` of `tape_file` but not parsed.
struct LostChunk {
    std::uint64_t begin = 0, end = 0;
    std::uint32_t tape_file = 0, block = 0;
};

class StreamAccount final {
public:
    // The object whose header is at `header_offset` was rebuilt whole.
    void recorded(std::uint64_t header_offset);
    void lost(const LostChunk& chunk);
    // Whether the object at `header_offset` was rebuilt whole.
    bool has(std::uint64_t header_offset);
    // Where the object at `header_offset` was lost: the unparsed chunk holding its header, else
    // the first one after it (its header was read, the rest not); nullopt when none is.
    std::optional<LostChunk> lost_at(std::uint64_t header_offset) const;

private:
    std::vector<std::uint64_t> recorded_;
    bool sorted_ = true;
    std::vector<LostChunk> lost_; // at most kMaxLost, in reading order
};

} // namespace tl::job
