#include "job/drive_cleaning.h"

#include "catalog/cleaning_store.h"
#include "catalog/db.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "job/job_reservation.h"

namespace tl::job {

namespace {
bool is_cleaning_barcode(const std::string& barcode) {
    return barcode.rfind("CLN", 0) == 0;
}

// The first cleaning cartridge of `library` with uses left; NoMedium saying what to do.
Result<catalog::CleaningCartridgeRow> usable_cleaning_cartridge(catalog::Db& db,
                                                                device::Library& library) {
    auto all = library.barcodes();
    if (!all) return all.error();
    std::string spent;
    for (const auto& b : all.value()) {
        if (!is_cleaning_barcode(b)) continue;
        auto row = catalog::cleaning_cartridge(db, b, kCleaningUses);
        if (!row) return row.error();
        if (row->uses < row->max_uses) return row.value();
        spent += (spent.empty() ? "" : ", ") + b;
    }
    return make_error(ErrorKind::NoMedium,
                      "library " + library.name() + " has no usable cleaning cartridge (" +
                          (spent.empty() ? "none with a CLN barcode" : "used up: " + spent) +
                          "); put one in through a mail slot (virtual: tapeloom-cli library "
                          "insert --mail 1 --barcode CLN001L1) and run tapeloom-cli drive clean");
}
} // namespace

Result<CleaningDone> clean_reserved_drive(catalog::Db& db, device::Library& library,
                                          std::size_t index, Clock& clock) {
    auto& drive = library.drive(index);
    auto cart = usable_cleaning_cartridge(db, library);
    if (!cart) {
        log::get("job")->warn("operator: drive {} needs cleaning: {}", drive.name(),
                              cart.error().message);
        return cart.error();
    }
    const auto t0 = clock.now();
    TL_TRY(library.mount(index, cart->barcode));
    auto cleaned = drive.clean();
    TL_TRY(library.unmount(index)); // the cartridge goes back, whatever the cleaning said
    if (!cleaned) return cleaned.error();
    TL_TRY(catalog::count_cleaning_use(db, cart->barcode, to_unix_seconds(clock.wall())));
    (void)library.take_alerts(); // those of the cleaning cartridge's load: not the drive's state
    CleaningDone done{drive.name(), cart->barcode, cart->max_uses - cart->uses - 1,
                      seconds_between(t0, clock.now())};
    log::get("job")->info("drive {} cleaned with {} ({} uses left)", done.drive, done.cartridge,
                          done.uses_left);
    return done;
}

Result<CleaningDone> clean_drive(Engine& engine, const std::string& name) {
    auto& db = engine_catalog(engine);
    auto drives = device::list_drives(db);
    if (!drives) return drives.error();
    const device::DriveConfig* config = nullptr;
    for (const auto& d : drives.value())
        if (d.name == name) config = &d;
    if (!config)
        return make_error(ErrorKind::NotFound, "drive " + name +
                                                   " is not configured; see 'tapeloom-cli drive "
                                                   "status'");
    if (config->library.empty())
        return make_error(ErrorKind::Unsupported,
                          "drive " + name +
                              " is a standalone drive: load a cleaning cartridge into it by hand");
    auto opened = device::open_library(db, engine.home(), config->library, engine.clock());
    if (!opened) return opened.error();
    auto library = shared_robot(engine, std::move(opened.value()));
    JobNeeds needs;
    needs.job_name = "cleaning of " + name;
    needs.drives.indices = {static_cast<std::size_t>(config->element)};
    needs.even_out_of_service = true;
    auto held = reserve(engine, *library, needs);
    if (!held) return held.error();
    return clean_reserved_drive(db, *library, static_cast<std::size_t>(config->element),
                                engine.clock());
}

} // namespace tl::job
