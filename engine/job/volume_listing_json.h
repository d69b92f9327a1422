#pragma once
// A tape's contents read from the tape alone (job::list_volume) as `volume ls --json` prints it
// and GET /v1/volumes/{barcode}/contents answers: {"barcode", "uuid", "pool", "block_size",
// "label_time", "tape_files", "blocks_read", "sessions": [...], "objects": [...], "bad_blocks":
// [...]}; a source or path that is not UTF-8 as {"hex"} (common/path_json.h).
#include <nlohmann/json.hpp>

#include "job/volume_scanner.h"

namespace tl::job {

nlohmann::json volume_listing_json(const VolumeListing& l);

} // namespace tl::job
