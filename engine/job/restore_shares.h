#pragma once
// How a restore's work is split over its drives (issue 39): save sets are grouped by media
// session (interleaved streams are read together), sessions that share a volume stay on one
// drive (a cartridge is in one drive at a time), and these units go round the drives. Each
// drive's share lists its save sets and its positioned reads in the order it reads them
// (restore_order.h); whole save sets are read first, a pass per session.
#include <cstdint>
#include <vector>

#include "catalog/db.h"
#include "device/tape_timing.h"
#include "job/restore_order.h"
#include "job/restore_selection.h"

namespace tl::job {

struct DriveShare {
    std::vector<std::vector<const SelectedSaveset*>> sessions; // in catalog order
    std::vector<const SelectedSaveset*> sets;                  // PositionedRead::set indexes this
    std::vector<PositionedRead> reads; // of the partly selected save sets, in order
    std::vector<ReadBatch> batches;    // the reads as the drive makes them
    std::vector<PositionedRead> whole; // the extents of whole save sets (for estimates)
};

// The units of sessions sharing volumes, each in session order.
Result<std::vector<std::vector<const SelectedSaveset*>>> session_units(catalog::Db& db,
                                                                       const Selection& sel);
// Splits `sel` over `drives` drives (at most one per unit); extents from the catalog.
Result<std::vector<DriveShare>> share_reads(catalog::Db& db, const Selection& sel,
                                            std::size_t drives, ReadOrder order);

// The drive model's reading of the shares (model seconds: the scales undone), per volume: one
// pass per run of reads without a long step back, a locate wherever a read does not begin where
// the last ended, load and thread per mount, the blocks at the type's native rate; per drive a
// rewind and unload between its volumes.
struct VolumeEstimate {
    std::string barcode;
    std::uint64_t passes = 0, locates = 0, blocks = 0;
    double seconds = 0;
};
struct ReadEstimate {
    std::vector<VolumeEstimate> volumes; // in reading order
    double seconds = 0;                  // the drives' time, summed
};
ReadEstimate estimate_reads(const std::vector<DriveShare>& shares, const device::TapeTiming& t,
                            std::uint64_t block_size);

} // namespace tl::job
