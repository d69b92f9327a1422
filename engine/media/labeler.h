#pragma once
// Writes volume labels (format/volume_label.h) and records them in the catalog. The label is
// read back after writing and must equal what was written, or nothing reaches the catalog.
// The catalog side of a label (a new volume row, or a relabel that resets the row and purges
// what the catalog knew of the old contents) is one transaction, after the tape write.
// Not thread-safe: the caller serializes use of the catalog connection and of the drive.
#include <cstdint>
#include <mutex>
#include <string>

#include "catalog/db.h"
#include "common/clock.h"
#include "device/library.h"
#include "format/volume_label.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

namespace tl::media {

enum class Overwrite {
    BlankOnly, // only a blank cartridge is labeled
    OwnVolume, // also the Tapeloom volume with the same barcode (recycling, borrowing)
    Anything,  // --force: whatever is on it (another program's data too)
};

struct LabelRequest {
    std::string barcode;
    Pool pool;
    std::uint32_t block_size = 256 * 1024;
    Overwrite overwrite = Overwrite::BlankOnly;
    std::string reason;         // for the volume history, e.g. "labeled by volume label"
    std::string engine_version; // written into the label
};

struct LabelResult {
    VolumeRecord volume;          // the catalog row after labeling
    std::int64_t jobs_purged = 0; // catalog jobs forgotten because their data was overwritten
    bool adopted = false;         // our own label was found and recorded; nothing was written
};

// A Tapeloom label carrying the cartridge's own barcode, and whether nothing follows it
// (docs/media.md, "Adopting a cartridge of ours").
struct OwnLabel {
    format::VolumeLabel label;
    bool empty = false;
    bool filemark = true; // false: the labeling ended before the label's filemark was written
};
// Reads the first tape file of the cartridge loaded in `drive` (opened read-only and closed
// again when it was not open): nullopt when it is not a Tapeloom label with `barcode` (blank,
// foreign, damaged).
Result<std::optional<OwnLabel>> read_own_label(device::TapeDrive& drive,
                                               const std::string& barcode);

// Writes a label on the cartridge already loaded in `drive` (opened here, closed at the end)
// and reads it back. Foreign / WriteProtected / Corrupt errors leave the tape untouched (or,
// for Corrupt, say the label did not read back). `label_time` is unix seconds.
Result<format::VolumeLabel> write_label(device::TapeDrive& drive, const LabelRequest& req,
                                        long long label_time, bool keep_open);

// Mounts `req.barcode` in drive `drive_index`, writes the label, then records it: a new
// volume row (state append, history "labeled"), or for a known volume the state change Label
// (recyclable/blank -> append; other states only with Overwrite::Anything) with the old
// contents purged in the same transaction. `keep_open` leaves the drive open at tape file 1
// (a backup goes on writing), else it is closed.
// A cartridge the catalog does not know that carries our own empty label (a labeling killed
// before it was recorded) is adopted under Overwrite::BlankOnly when its label names
// `req.pool`: recorded as labeled then, nothing written; another pool is refused (Foreign),
// naming `volume adopt` and --force.
// `catalog_lock`, when given, is the caller's lock around `db`, held on entry and on return: it
// is released while the cartridge is mounted, checked and written (a job's drives label their
// blank cartridges at the same time); the caller keeps other users off the barcode meanwhile.
Result<LabelResult> label_volume(catalog::Db& db, device::Library& lib, std::size_t drive_index,
                                 const LabelRequest& req, Clock& clock, bool keep_open = false,
                                 std::unique_lock<std::mutex>* catalog_lock = nullptr);

// `volume adopt`: records the cartridge loaded in (or mounted into) drive `drive_index` whose
// own label the catalog does not know, in the pool its label names (created when missing).
// AlreadyExists for a known volume, Foreign without our label, InvalidArgument when it holds
// backups (scan it instead). Nothing is written on the cartridge.
Result<LabelResult> adopt_volume(catalog::Db& db, device::Library& lib, std::size_t drive_index,
                                 const std::string& barcode, Clock& clock);

} // namespace tl::media
