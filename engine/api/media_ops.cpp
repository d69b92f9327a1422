#include "api/media_ops.h"

#include "context/engine_catalog.h"

namespace tl::media {

Result<AfterJobsSetting> after_jobs_setting(const CatalogHandle& handle) {
    return after_jobs_setting(catalog_db(handle));
}
Status set_after_jobs(const CatalogHandle& handle, const AfterJobsSetting& setting) {
    return set_after_jobs(catalog_db(handle), setting);
}
Result<std::vector<CopyListing>> list_copies(const CatalogHandle& handle, std::int64_t job_id) {
    return list_copies(catalog_db(handle), job_id);
}
Result<Pool> add_pool(const CatalogHandle& handle, const std::string& name,
                      const PoolChanges& values, long long now) {
    return add_pool(catalog_db(handle), name, values, now);
}
Result<Pool> edit_pool(const CatalogHandle& handle, const std::string& name,
                       const PoolChanges& changes) {
    return edit_pool(catalog_db(handle), name, changes);
}
Result<Pool> find_pool(const CatalogHandle& handle, const std::string& name) {
    return find_pool(catalog_db(handle), name);
}
Result<Pool> find_pool(const CatalogHandle& handle, std::int64_t id) {
    return find_pool(catalog_db(handle), id);
}
Result<std::vector<Pool>> list_pools(const CatalogHandle& handle) {
    return list_pools(catalog_db(handle));
}
Status remove_pool(const CatalogHandle& handle, const std::string& name) {
    return remove_pool(catalog_db(handle), name);
}
Result<std::vector<KeptJob>> kept_jobs_on_volume(const CatalogHandle& handle,
                                                 std::int64_t volume_id, long long now) {
    return kept_jobs_on_volume(catalog_db(handle), volume_id, now);
}
Result<PruneReport> prune(const CatalogHandle& handle, long long now, bool dry_run) {
    return prune(catalog_db(handle), now, dry_run);
}
Result<std::vector<Difference>> reconcile(const CatalogHandle& handle, const std::string& library,
                                          const device::Inventory& inv, long long now, bool apply) {
    return reconcile(catalog_db(handle), library, inv, now, apply);
}
Status record_moves(const CatalogHandle& handle, const std::string& library,
                    const device::Inventory& before, const device::Inventory& after) {
    return record_moves(catalog_db(handle), library, before, after);
}
Result<BlankLabelReport> label_all_blank(const CatalogHandle& handle, device::Library& lib,
                                         const BlankLabelOptions& options, Clock& clock) {
    return label_all_blank(catalog_db(handle), lib, options, clock);
}
Status mark_offsite(const CatalogHandle& handle, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now, Refusal* why) {
    return mark_offsite(catalog_db(handle), lib, barcode, site, now, why);
}
Status mark_onsite(const CatalogHandle& handle, device::Library& lib, const std::string& barcode,
                   long long now) {
    return mark_onsite(catalog_db(handle), lib, barcode, now);
}
Result<StateChange> mark_state(const CatalogHandle& handle, const std::string& barcode,
                               VolumeEvent event, const std::string& reason, long long now) {
    return mark_state(catalog_db(handle), barcode, event, reason, now);
}
Status move_volume(const CatalogHandle& handle, device::Library* lib, const std::string& barcode,
                   const std::string& site, long long now, Refusal* why) {
    return move_volume(catalog_db(handle), lib, barcode, site, now, why);
}
Result<LabelPlan> plan_label(const CatalogHandle& handle, const LabelOptions& options,
                             long long now, Refusal* why) {
    return plan_label(catalog_db(handle), options, now, why);
}
Result<StateChange> recycle_volume(const CatalogHandle& handle, const std::string& barcode,
                                   bool force, const std::string& reason, long long now,
                                   Refusal* why) {
    return recycle_volume(catalog_db(handle), barcode, force, reason, now, why);
}
Result<VolumeRecord> find_volume(const CatalogHandle& handle, const std::string& barcode) {
    return find_volume(catalog_db(handle), barcode);
}
Result<VolumeRecord> find_volume(const CatalogHandle& handle, std::int64_t id) {
    return find_volume(catalog_db(handle), id);
}
Result<std::vector<std::int64_t>> jobs_on_volume(const CatalogHandle& handle,
                                                 std::int64_t volume_id) {
    return jobs_on_volume(catalog_db(handle), volume_id);
}
std::map<std::string, DrivePlace> volumes_in_drives(const CatalogHandle& handle,
                                                    const std::string& home, Clock& clock,
                                                    const std::vector<VolumeRecord>& vols) {
    return volumes_in_drives(catalog_db(handle), home, clock, vols);
}
Result<std::vector<VolumeRecord>> list_volumes(const CatalogHandle& handle, const VolumeFilter& f) {
    return list_volumes(catalog_db(handle), f);
}
Result<std::vector<HistoryEntry>> volume_history(const CatalogHandle& handle,
                                                 std::int64_t volume_id) {
    return volume_history(catalog_db(handle), volume_id);
}

Result<std::vector<VolumeHealth>> volume_health(const CatalogHandle& handle,
                                                const std::string& barcode, long long now) {
    return volume_health(catalog_db(handle), barcode, now);
}

} // namespace tl::media
