#pragma once
// Volumes a job needs that are not in the library it reads: which, where the catalog has them,
// and what to do, worded for the job's error ("TLO001L9 (in library vlib0) ...; read them in the
// library that holds them (leave out --library, or --library vlib0)").
#include <string>
#include <vector>

#include "catalog/db.h"
#include "device/library.h"

namespace tl::media {

// Each barcode with its place ("TLO001L9 (in library vlib0)", "OFS002L9 (outside the
// libraries, at vault)"); a barcode the catalog does not know stands alone.
std::string volumes_with_places(catalog::Db& db, const std::vector<std::string>& barcodes);

// What to do when one of them is in another library than `library`: read them there ("" when
// none is: the caller's own advice, importing them, stands).
std::string advice_for_places(catalog::Db& db, const std::vector<std::string>& barcodes,
                              const std::string& library);

// Ok when `lib` holds every one of `barcodes` (slots, drives, mail slots); else MediaMissing:
// "`what` are not in library L: <volumes with places>; <advice, else import them>".
Status require_volumes_in(catalog::Db& db, device::Library& lib,
                          const std::vector<std::string>& barcodes, const std::string& what);

} // namespace tl::media
