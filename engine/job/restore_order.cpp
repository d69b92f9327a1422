#include "job/restore_order.h"

#include <algorithm>
#include <map>

namespace tl::job {

namespace {
// The extent the run begins in: the one the catalog's hint names, else the first holding `from`.
const ExtentRow* first_extent(std::uint64_t from, const ReadHint& hint,
                              const std::vector<ExtentRow>& extents) {
    for (const auto& e : extents)
        if (e.volume_id == hint.volume_id && e.file_number == hint.file_number &&
            hint.block >= e.first_block && hint.block <= e.last_block && e.offset <= from &&
            from < e.end_offset)
            return &e;
    for (const auto& e : extents)
        if (e.offset <= from && from < e.end_offset) return &e;
    return nullptr;
}

// The block of extent `e` that holds stream byte `at`, by its share of the extent (the chunks
// of interleaved streams spread evenly enough over the blocks for a plan).
std::uint32_t block_of(const ExtentRow& e, std::uint64_t at, std::uint32_t from_block) {
    if (at >= e.end_offset || e.end_offset <= e.offset) return e.last_block;
    const double share = static_cast<double>(at - e.offset) / (e.end_offset - e.offset);
    const auto b =
        e.first_block + static_cast<std::uint32_t>(share * (e.last_block - e.first_block));
    return std::clamp(b, from_block, e.last_block);
}
} // namespace

Result<ReadOrder> read_order_from(const std::string& name) {
    if (name == "position") return ReadOrder::Position;
    if (name == "catalog") return ReadOrder::Catalog;
    return make_error(ErrorKind::InvalidArgument,
                      "read order '" + name + "' is not known; use position or catalog");
}

const char* read_order_name(ReadOrder o) {
    return o == ReadOrder::Catalog ? "catalog" : "position";
}

std::vector<PositionedRead> positioned_reads(std::size_t set, const SelectedSaveset& s,
                                             const std::vector<ExtentRow>& extents) {
    std::vector<PositionedRead> out;
    for (const auto& f : s.files) {
        if (!out.empty() && out.back().to == f.offset) {
            out.back().to = f.end;
            continue;
        }
        PositionedRead r;
        r.set = set;
        r.session = s.reading_session();
        r.from = f.offset;
        r.to = f.end;
        r.hint = {f.volume_id, f.file_number, f.block};
        out.push_back(r);
    }
    for (auto& r : out) {
        const ExtentRow* e = first_extent(r.from, r.hint, extents);
        if (!e) continue;
        const bool hinted = r.hint.volume_id == e->volume_id &&
                            r.hint.file_number == e->file_number &&
                            r.hint.block >= e->first_block && r.hint.block <= e->last_block;
        const std::uint32_t first = hinted ? r.hint.block : block_of(*e, r.from, e->first_block);
        r.barcode = e->barcode;
        r.position = e->start_pos + first;
        r.end_position = e->start_pos + block_of(*e, r.to, first);
    }
    return out;
}

void order_reads(std::vector<PositionedRead>& reads, ReadOrder order) {
    if (order == ReadOrder::Catalog) return;
    std::map<std::string, std::size_t> rank;
    for (const auto& r : reads)
        rank.try_emplace(r.barcode, rank.size());
    std::stable_sort(reads.begin(), reads.end(),
                     [&](const PositionedRead& a, const PositionedRead& b) {
                         const auto ra = rank[a.barcode], rb = rank[b.barcode];
                         return ra != rb ? ra < rb : a.position < b.position;
                     });
}

namespace {
void add_to_batch(ReadBatch& b, const PositionedRead& r) {
    b.end_position = std::max(b.end_position, r.end_position);
    for (auto& t : b.targets)
        if (t.set == r.set) {
            t.to = std::max(t.to, r.to);
            t.end_position = std::max(t.end_position, r.end_position);
            return;
        }
    b.targets.push_back(r);
}
} // namespace

std::vector<ReadBatch> batch_reads(const std::vector<PositionedRead>& reads, ReadOrder order) {
    std::vector<ReadBatch> out;
    for (const auto& r : reads) {
        if (order == ReadOrder::Position && !out.empty()) {
            auto& b = out.back();
            if (b.barcode == r.barcode && b.targets.front().session == r.session &&
                r.position >= b.position && r.position <= b.end_position + kBackStepSlack) {
                add_to_batch(b, r);
                continue;
            }
        }
        ReadBatch b;
        b.barcode = r.barcode;
        b.position = r.position;
        b.end_position = r.end_position;
        b.targets.push_back(r);
        out.push_back(std::move(b));
    }
    return out;
}

} // namespace tl::job
