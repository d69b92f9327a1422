#pragma once
// The media operations app/ and ui/ use, on a CatalogHandle (an Engine, or a connection opened
// by path): each does what the function of the same name over a catalog::Db in the header named
// above it does (see there), on the handle's connection. Engine code uses those directly.
#include "context/catalog_handle.h"
#include "job/catalog_backup.h"
#include "job/clone_job.h"
#include "media/pool.h"
#include "media/prune.h"
#include "media/reconcile.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"
#include "media/volume_health.h"
#include "media/volume_places.h"

namespace tl::media {

// job/catalog_backup.h
Result<AfterJobsSetting> after_jobs_setting(const CatalogHandle& handle);
Status set_after_jobs(const CatalogHandle& handle, const AfterJobsSetting& setting);
// job/clone_job.h
Result<std::vector<CopyListing>> list_copies(const CatalogHandle& handle, std::int64_t job_id);
// media/pool.h
Result<Pool> add_pool(const CatalogHandle& handle, const std::string& name,
                      const PoolChanges& values, long long now);
Result<Pool> edit_pool(const CatalogHandle& handle, const std::string& name,
                       const PoolChanges& changes);
Result<Pool> find_pool(const CatalogHandle& handle, const std::string& name);
Result<Pool> find_pool(const CatalogHandle& handle, std::int64_t id);
Result<std::vector<Pool>> list_pools(const CatalogHandle& handle);
Status remove_pool(const CatalogHandle& handle, const std::string& name);
// media/prune.h
Result<std::vector<KeptJob>> kept_jobs_on_volume(const CatalogHandle& handle,
                                                 std::int64_t volume_id, long long now);
Result<PruneReport> prune(const CatalogHandle& handle, long long now, bool dry_run);
// media/reconcile.h
Result<std::vector<Difference>> reconcile(const CatalogHandle& handle, const std::string& library,
                                          const device::Inventory& inv, long long now, bool apply);
Status record_moves(const CatalogHandle& handle, const std::string& library,
                    const device::Inventory& before, const device::Inventory& after);
// media/volume_places.h
std::map<std::string, DrivePlace> volumes_in_drives(const CatalogHandle& handle,
                                                    const std::string& home, Clock& clock,
                                                    const std::vector<VolumeRecord>& vols);
// media/volume_actions.h
Result<BlankLabelReport> label_all_blank(const CatalogHandle& handle, device::Library& lib,
                                         const BlankLabelOptions& options, Clock& clock);
Status mark_offsite(const CatalogHandle& handle, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now, Refusal* why = nullptr);
Status mark_onsite(const CatalogHandle& handle, device::Library& lib, const std::string& barcode,
                   long long now);
Result<StateChange> mark_state(const CatalogHandle& handle, const std::string& barcode,
                               VolumeEvent event, const std::string& reason, long long now);
Status move_volume(const CatalogHandle& handle, device::Library* lib, const std::string& barcode,
                   const std::string& site, long long now, Refusal* why = nullptr);
Result<LabelPlan> plan_label(const CatalogHandle& handle, const LabelOptions& options,
                             long long now, Refusal* why = nullptr);
Result<StateChange> recycle_volume(const CatalogHandle& handle, const std::string& barcode,
                                   bool force, const std::string& reason, long long now,
                                   Refusal* why = nullptr);
// media/volume_catalog.h
Result<VolumeRecord> find_volume(const CatalogHandle& handle, const std::string& barcode);
Result<VolumeRecord> find_volume(const CatalogHandle& handle, std::int64_t id);
Result<std::vector<std::int64_t>> jobs_on_volume(const CatalogHandle& handle,
                                                 std::int64_t volume_id);
Result<std::vector<VolumeRecord>> list_volumes(const CatalogHandle& handle,
                                               const VolumeFilter& f = {});
Result<std::vector<HistoryEntry>> volume_history(const CatalogHandle& handle,
                                                 std::int64_t volume_id);

// media/volume_health.h
Result<std::vector<VolumeHealth>> volume_health(const CatalogHandle& handle,
                                                const std::string& barcode, long long now);

} // namespace tl::media
