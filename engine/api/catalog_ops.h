#pragma once
// The catalog operations app/ and ui/ use, on a CatalogHandle (an Engine, or a connection opened
// by path): each does what the function of the same name over a catalog::Db in the header named
// above it does (see there), on the handle's connection. Engine code uses those directly.
#include <string_view>

#include "catalog/catalog_copy.h"
#include "catalog/drive_history_store.h"
#include "catalog/job_store.h"
#include "catalog/media_use_store.h"
#include "catalog/saveset_store.h"
#include "catalog/series_store.h"
#include "catalog/volume_store.h"
#include "context/catalog_handle.h"

namespace tl::catalog {

// catalog/pg_conn.h (engine-internal): whether a catalog location is a postgresql:// URL.
bool is_postgres_url(std::string_view location);
// catalog/catalog_copy.h
Result<std::vector<TableCopied>> copy_catalog(const CatalogHandle& from, const CatalogHandle& to);

// catalog/drive_history_store.h
Result<std::map<std::string, DriveUsage>> drive_usage(const CatalogHandle& handle);
Result<std::optional<std::int64_t>> last_block_size(const CatalogHandle& handle,
                                                    const std::string& drive);
Result<std::optional<std::string>> last_codec(const CatalogHandle& handle,
                                              const std::string& drive);
// catalog/job_store.h
Result<std::optional<JobRecord>> find_job(const CatalogHandle& handle, std::int64_t id);
Result<std::vector<JobRecord>> list_jobs(const CatalogHandle& handle, const JobQuery& query = {});
Result<std::optional<StoredReport>> stored_report(const CatalogHandle& handle, std::int64_t id);
// catalog/media_use_store.h
Result<std::int64_t> drive_count(const CatalogHandle& handle);
// catalog/saveset_store.h
Result<std::vector<std::string>> file_sources(const CatalogHandle& handle);
Result<std::vector<FileTreeSaveset>> file_tree_savesets(const CatalogHandle& handle);
// catalog/series_store.h
Result<metrics::SeriesSet> load_series(const CatalogHandle& handle, std::int64_t job_id);
// catalog/volume_store.h
Result<std::vector<std::string>> cleaning_volumes(const CatalogHandle& handle,
                                                  const std::string& library);
Result<bool> is_in_library(const CatalogHandle& handle, const std::string& barcode);
Result<bool> is_labeled_volume(const CatalogHandle& handle, const std::string& barcode);
Result<std::int64_t> scratch_volumes_in_library(const CatalogHandle& handle, std::int64_t pool_id);
Result<std::optional<std::int64_t>> volume_block_size(const CatalogHandle& handle,
                                                      const std::string& barcode);
Result<std::map<std::int64_t, VolumeCounters>> volume_counters(const CatalogHandle& handle);
Result<std::int64_t> writable_volumes_in_library(const CatalogHandle& handle, std::int64_t pool_id);

} // namespace tl::catalog
