#include "job/job_reservation.h"

#include "catalog/db.h"
#include "catalog/job_writer.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "job/drive_alerts.h"

#include <mutex>

namespace tl::job {

namespace {
class SharedRobotLibrary final : public device::Library {
public:
    SharedRobotLibrary(std::unique_ptr<device::Library> inner, std::mutex& robot)
        : inner_(std::move(inner)), robot_(robot) {}
    const std::string& name() const override { return inner_->name(); }
    device::Changer& changer() override { return inner_->changer(); }
    std::size_t drive_count() const override { return inner_->drive_count(); }
    device::TapeDrive& drive(std::size_t index) override { return inner_->drive(index); }
    Result<std::vector<std::string>> barcodes() override { return inner_->barcodes(); }
    Status mount(std::size_t index, const std::string& barcode) override {
        return inner_->mount_sharing_robot(index, barcode, robot_);
    }
    Status unmount(std::size_t index) override {
        std::lock_guard lock(robot_);
        return inner_->unmount(index);
    }
    void check_alerts(std::size_t index, const std::string& phase) override {
        inner_->check_alerts(index, phase);
    }
    std::vector<device::DriveAlert> take_alerts() override { return inner_->take_alerts(); }
    std::vector<device::CartridgeUse> take_uses() override { return inner_->take_uses(); }

private:
    std::unique_ptr<device::Library> inner_;
    std::mutex& robot_;
};
} // namespace

std::unique_ptr<device::Library> shared_robot(Engine& engine,
                                              std::unique_ptr<device::Library> library) {
    std::mutex& robot = engine.reservations().robot(library->name());
    return std::make_unique<SharedRobotLibrary>(std::move(library), robot);
}

JobDrives::~JobDrives() {
    for (auto d : grant_->drives()) {
        auto& drive = library_.drive(d);
        if (drive.is_open()) (void)drive.close();
    }
}

std::string describe_drives(const std::vector<std::size_t>& drives) {
    std::string out;
    for (auto d : drives)
        out += (out.empty() ? "" : ", ") + std::to_string(d);
    return out;
}

Result<std::unique_ptr<JobDrives>> reserve(Engine& engine, device::Library& library,
                                           const JobNeeds& needs) {
    ReservationRequest r;
    r.job_id = needs.job_id;
    r.job_name = needs.job_name;
    r.library = library.name();
    r.library_drives = library.drive_count();
    r.drives = needs.drives;
    r.volumes = needs.volumes;
    r.cancel = needs.cancel;
    if (needs.job_id > 0 || needs.on_wait)
        r.on_wait = [&engine, id = needs.job_id, &needs](const std::string& why) {
            auto& db = engine_catalog(engine); // the waiting job's own thread
            if (id > 0)
                if (auto st = catalog::set_job_waiting(db, id, why); !st)
                    log::get("job")->warn("job {}: wait not recorded: {}", id, st.error().message);
            if (needs.on_wait) needs.on_wait(why);
        };
    if (!needs.even_out_of_service)
        r.out_of_service = [&engine, &library] {
            return out_of_service_drives(engine_catalog(engine), library);
        };
    auto grant = engine.reservations().acquire(r);
    if (!grant) return grant.error();
    return std::make_unique<JobDrives>(std::move(grant.value()), library);
}

} // namespace tl::job
