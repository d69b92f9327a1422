#pragma once
// The order of a restore's positioned reads (issue 39, docs/jobs.md "Restores ordered by
// position"): a run of consecutive selected files is one positioned read; the reads of a drive's
// share are sorted by where they begin on tape, volume by volume (volumes ranked by when the
// catalog first needs them, which keeps a spanning save set's volumes in their order), so each
// volume is read in one pass from its beginning to its end. ReadOrder::Catalog keeps the old
// order (save set by save set, each in stream order) for the benchmark that measures the gain.
#include <cstdint>
#include <string>
#include <vector>

#include "job/restore_selection.h"
#include "job/saveset_reader.h"

namespace tl::job {

enum class ReadOrder { Position, Catalog };

// "position" | "catalog"; InvalidArgument naming both for anything else.
Result<ReadOrder> read_order_from(const std::string& name);
const char* read_order_name(ReadOrder o);

// One positioned read: the stream bytes [from, to) of save set `set` (an index into the drive's
// share), where it begins on tape and, estimated from its extent, where it ends there.
struct PositionedRead {
    std::size_t set = 0;
    std::int64_t session = 0; // the media session read
    std::uint64_t from = 0, to = 0;
    ReadHint hint;
    std::string barcode;            // the volume it begins on ("" = not found in the extents)
    std::uint64_t position = 0;     // logical object where it begins on that volume
    std::uint64_t end_position = 0; // estimated: the object where it ends on that volume
};

// The runs of consecutive selected files of `s`, in stream order, each placed on tape by the
// save set's extents.
std::vector<PositionedRead> positioned_reads(std::size_t set, const SelectedSaveset& s,
                                             const std::vector<ExtentRow>& extents);

// Sorts `reads` (given in catalog order) into `order`; stable, so equal positions keep theirs.
void order_reads(std::vector<PositionedRead>& reads, ReadOrder order);

// Reads made as one pass: in position order, consecutive reads of one media session on one
// volume whose blocks overlap or lie within kBackStepSlack blocks of each other (interleaved
// save sets share blocks) are read together, a target per save set from its first run's start
// to its last run's end (its writer keeps only the wanted objects). In catalog order every
// read is its own.
struct ReadBatch {
    std::vector<PositionedRead> targets; // one per save set
    std::string barcode;
    std::uint64_t position = 0, end_position = 0;
};
std::vector<ReadBatch> batch_reads(const std::vector<PositionedRead>& reads, ReadOrder order);

} // namespace tl::job
