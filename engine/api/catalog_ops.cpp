#include "api/catalog_ops.h"

#include "context/engine_catalog.h"

namespace tl::catalog {

Result<std::vector<TableCopied>> copy_catalog(const CatalogHandle& from, const CatalogHandle& to) {
    return copy_catalog(catalog_db(from), catalog_db(to));
}

Result<std::map<std::string, DriveUsage>> drive_usage(const CatalogHandle& handle) {
    return drive_usage(catalog_db(handle));
}
Result<std::optional<std::int64_t>> last_block_size(const CatalogHandle& handle,
                                                    const std::string& drive) {
    return last_block_size(catalog_db(handle), drive);
}
Result<std::optional<std::string>> last_codec(const CatalogHandle& handle,
                                              const std::string& drive) {
    return last_codec(catalog_db(handle), drive);
}
Result<std::optional<JobRecord>> find_job(const CatalogHandle& handle, std::int64_t id) {
    return find_job(catalog_db(handle), id);
}
Result<std::vector<JobRecord>> list_jobs(const CatalogHandle& handle, const JobQuery& query) {
    return list_jobs(catalog_db(handle), query);
}
Result<std::optional<StoredReport>> stored_report(const CatalogHandle& handle, std::int64_t id) {
    return stored_report(catalog_db(handle), id);
}
Result<std::int64_t> drive_count(const CatalogHandle& handle) {
    return drive_count(catalog_db(handle));
}
Result<std::vector<std::string>> file_sources(const CatalogHandle& handle) {
    return file_sources(catalog_db(handle));
}
Result<std::vector<FileTreeSaveset>> file_tree_savesets(const CatalogHandle& handle) {
    return file_tree_savesets(catalog_db(handle));
}
Result<metrics::SeriesSet> load_series(const CatalogHandle& handle, std::int64_t job_id) {
    return load_series(catalog_db(handle), job_id);
}
Result<std::vector<std::string>> cleaning_volumes(const CatalogHandle& handle,
                                                  const std::string& library) {
    return cleaning_volumes(catalog_db(handle), library);
}
Result<bool> is_in_library(const CatalogHandle& handle, const std::string& barcode) {
    return is_in_library(catalog_db(handle), barcode);
}
Result<bool> is_labeled_volume(const CatalogHandle& handle, const std::string& barcode) {
    return is_labeled_volume(catalog_db(handle), barcode);
}
Result<std::int64_t> scratch_volumes_in_library(const CatalogHandle& handle, std::int64_t pool_id) {
    return scratch_volumes_in_library(catalog_db(handle), pool_id);
}
Result<std::optional<std::int64_t>> volume_block_size(const CatalogHandle& handle,
                                                      const std::string& barcode) {
    return volume_block_size(catalog_db(handle), barcode);
}
Result<std::map<std::int64_t, VolumeCounters>> volume_counters(const CatalogHandle& handle) {
    return volume_counters(catalog_db(handle));
}
Result<std::int64_t> writable_volumes_in_library(const CatalogHandle& handle,
                                                 std::int64_t pool_id) {
    return writable_volumes_in_library(catalog_db(handle), pool_id);
}

} // namespace tl::catalog
