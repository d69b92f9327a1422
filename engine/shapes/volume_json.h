#pragma once
// The JSON shape of a volume, shared by `tapeloom-cli volume list --json` (and the commands
// that print one volume) and the service's GET /v1/volumes (docs/api.md).
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "media/reconcile.h"
#include "media/volume_catalog.h"
#include "media/volume_places.h"

namespace tl::shapes {

nlohmann::json volume_json(const media::VolumeRecord& v);
// The same, for a listing: a volume in a library gets `location.drive`, the changer's number of
// the drive it sits in now (media::volumes_in_drives), or null when it is in its slot.
nlohmann::json volume_json(const media::VolumeRecord& v,
                           const std::map<std::string, media::DrivePlace>& in_drives);

// The catalog's differences from a changer's inventory, as `library inventory --json` and
// POST /v1/libraries/{name}/reconcile give them: [{"kind", "barcode", "catalog", "changer",
// "action"}].
nlohmann::json differences_json(const std::vector<media::Difference>& diffs);

} // namespace tl::shapes
