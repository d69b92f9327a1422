#pragma once
// A tape's contents read from the tape alone, as `volume ls BARCODE` and GET
// /v1/volumes/{barcode}/contents show them (docs/api.md): the cartridge is mounted in a drive
// of the library (the drive holding it, else drive 0) and read from its label to its end, the
// names of encrypted sessions opened with the key store's keys. Busy naming the job while a
// job uses the cartridge. One document, so that the command and the service answer the same.
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "context/engine.h"

namespace tl::job {

// job/volume_listing_json.h's document. `library` "": the first configured library.
Result<nlohmann::json> volume_contents(Engine& engine, const std::string& barcode,
                                       const std::string& library);

} // namespace tl::job
