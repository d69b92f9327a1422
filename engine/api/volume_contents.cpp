#include "api/volume_contents.h"

#include "api/drive_users.h"
#include "context/engine_catalog.h"
#include "crypto/key_store.h"
#include "device/library.h"
#include "job/volume_listing_json.h"
#include "job/volume_scanner.h"

namespace tl::job {

namespace {
// Mounts `barcode` in a drive of `lib`: the one holding it, else drive 0.
Result<std::size_t> mount_anywhere(device::Library& lib, const std::string& barcode) {
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    std::size_t drive = 0;
    for (const auto& d : inv->drives)
        if (d.full && d.barcode == barcode) drive = static_cast<std::size_t>(d.number);
    TL_TRY(lib.mount(drive, barcode));
    return drive;
}
} // namespace

Result<nlohmann::json> volume_contents(Engine& engine, const std::string& barcode,
                                       const std::string& library) {
    const device::DriveUsers users(engine);
    if (const auto* user = users.of_volume(barcode))
        return make_error(ErrorKind::Busy, "volume " + barcode + " is in use by " + user->job +
                                               "; wait for it to end");
    auto lib = device::open_library(engine_catalog(engine), engine.home(), library, engine.clock());
    if (!lib) return lib.error();
    auto drive = mount_anywhere(*lib.value(), barcode);
    if (!drive) return drive.error();
    auto& d = lib.value()->drive(drive.value());
    TL_TRY(d.open(true));
    const auto keys = crypto::KeyStore::in_home(engine.home());
    auto listing = list_volume(d, &keys);
    (void)d.close();
    if (!listing) return listing.error();
    return volume_listing_json(listing.value());
}

} // namespace tl::job
