#include "job/label_job.h"

#include "context/engine_catalog.h"
#include "job/job_reservation.h"

#include <mutex>

namespace tl::media {

namespace {
// One drive for `barcode`: the drive it sits in when it is in one (so no other job's drive is
// emptied under it), else any free drive.
Result<std::unique_ptr<job::JobDrives>> reserve_for(Engine& engine, device::Library& lib,
                                                    const std::string& what,
                                                    const std::string& barcode,
                                                    std::atomic<bool>* cancel) {
    job::JobNeeds needs;
    needs.job_name = what + " of " + barcode;
    needs.volumes = {barcode};
    needs.cancel = cancel;
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    for (const auto& d : inv->drives)
        if (d.full && d.barcode == barcode &&
            static_cast<std::size_t>(d.number) < lib.drive_count())
            needs.drives.indices = {static_cast<std::size_t>(d.number)};
    return job::reserve(engine, lib, needs);
}
} // namespace

Result<LabelResult> label_reserved(Engine& engine, device::Library& lib, const LabelPlan& plan,
                                   Refusal* why, std::atomic<bool>* cancel) {
    auto reserved = reserve_for(engine, lib, "label", plan.options.barcode, cancel);
    if (!reserved) return reserved.error();
    // The caller's library is not shared_robot's: its moves take the robot for the whole label.
    std::lock_guard robot(engine.reservations().robot(lib.name()));
    return run_label(engine_catalog(engine), lib, plan, engine.clock(), why,
                     reserved.value()->drive(0));
}

Result<LabelResult> adopt_reserved(Engine& engine, device::Library& lib,
                                   const std::string& barcode) {
    auto reserved = reserve_for(engine, lib, "adopt", barcode, nullptr);
    if (!reserved) return reserved.error();
    std::lock_guard robot(engine.reservations().robot(lib.name()));
    return run_adopt(engine_catalog(engine), lib, barcode, engine.clock(),
                     reserved.value()->drive(0));
}

Result<BlankLabelReport> label_all_blank_reserved(Engine& engine, device::Library& lib,
                                                  BlankLabelOptions options) {
    options.label_one = [&](const LabelRequest& req) -> Result<LabelResult> {
        auto reserved = reserve_for(engine, lib, "label", req.barcode, nullptr);
        if (!reserved) return reserved.error();
        std::lock_guard robot(engine.reservations().robot(lib.name()));
        const std::size_t drive = reserved.value()->drive(0);
        auto r = label_volume(engine_catalog(engine), lib, drive, req, engine.clock());
        (void)lib.unmount(drive); // back to its slot, as label_all_blank does
        return r;
    };
    return label_all_blank(engine_catalog(engine), lib, options, engine.clock());
}

} // namespace tl::media
