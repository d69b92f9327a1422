#include "api/job_ops.h"

#include "context/engine_catalog.h"

namespace tl::job {

Result<std::vector<std::string>> missing_keys(const CatalogHandle& handle, const std::string& home,
                                              std::int64_t saveset_id, std::int64_t job_id) {
    return missing_keys(catalog_db(handle), home, saveset_id, job_id);
}
Result<std::vector<BrowseRoot>> browse_roots(const CatalogHandle& handle, std::int64_t job_id,
                                             const std::string& source, long long at) {
    return browse_roots(catalog_db(handle), job_id, source, at);
}
Result<BrowseRoot> browse_saveset(const CatalogHandle& handle, std::int64_t saveset_id) {
    return browse_saveset(catalog_db(handle), saveset_id);
}
Result<std::vector<FileVersion>> file_versions(const CatalogHandle& handle,
                                               const std::string& path) {
    return file_versions(catalog_db(handle), path);
}
Result<bool> is_directory(const CatalogHandle& handle, const BrowseRoot& root,
                          const std::string& dir) {
    return is_directory(catalog_db(handle), root, dir);
}
Result<std::vector<BrowseEntry>> list_directory(const CatalogHandle& handle, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit) {
    return list_directory(catalog_db(handle), root, dir, after, limit);
}
Result<std::vector<BrowseEntry>> search_names(const CatalogHandle& handle, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit) {
    return search_names(catalog_db(handle), root, pattern, limit);
}
Result<JobRecord> load_job_record(const CatalogHandle& handle, std::int64_t id) {
    return load_job_record(catalog_db(handle), id);
}
Result<std::int64_t> record_refused_restore(const CatalogHandle& handle, const std::string& name,
                                            long long when, const std::string& error) {
    return record_refused_restore(catalog_db(handle), name, when, error);
}

} // namespace tl::job
