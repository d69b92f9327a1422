#pragma once
// The copies of a save set (the original and its clones, docs/media.md "Cloning") and which one
// a restore reads: the original when every volume it needs is usable, else the first clone whose
// volumes all are, else the original again (the restore then names what is missing). A volume is
// usable when it is in the library and not marked error (damaged) or disabled.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "job/restore_selection.h"

namespace tl::media {

struct CopyVolume {
    std::string barcode;
    std::string state; // volumes.state: append, full, error, disabled...
    bool in_library = false;
};

struct SavesetCopy {
    std::int64_t saveset_id = 0; // the row to read (the original's id for the original)
    std::int64_t session_id = 0; // its media session
    bool original = false;
    std::string pool;                // the pool of its first volume ("" when none)
    std::vector<CopyVolume> volumes; // in stream order
};

// Whether every volume of `copy` is in the library and not damaged or disabled.
bool copy_usable(const SavesetCopy& copy);
// Index into `copies` (the original first) of the copy to read; pure. 0 for an empty list.
std::size_t choose_copy(const std::vector<SavesetCopy>& copies);

// The original save set `saveset_id`, then its finished clones in creation order, with their
// volumes; `present` holds the barcodes in the library.
Result<std::vector<SavesetCopy>> copies_of(catalog::Db& db, std::int64_t saveset_id,
                                           const std::vector<std::string>& present);

// Points each selected save set at the copy choose_copy() picks (SelectedSaveset::reading()).
Status assign_copies(catalog::Db& db, job::Selection& selection,
                     const std::vector<std::string>& present);

} // namespace tl::media
