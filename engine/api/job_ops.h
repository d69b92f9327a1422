#pragma once
// The job operations app/ and ui/ use, on a CatalogHandle (an Engine, or a connection opened
// by path): each does what the function of the same name over a catalog::Db in the header named
// above it does (see there), on the handle's connection. Engine code uses those directly.
#include "context/catalog_handle.h"
#include "job/backup_encryption.h"
#include "job/catalog_browser.h"
#include "job/job_record.h"

namespace tl::job {

// job/backup_encryption.h
Result<std::vector<std::string>> missing_keys(const CatalogHandle& handle, const std::string& home,
                                              std::int64_t saveset_id, std::int64_t job_id);
// job/catalog_browser.h
Result<std::vector<BrowseRoot>> browse_roots(const CatalogHandle& handle, std::int64_t job_id,
                                             const std::string& source = {}, long long at = 0);
Result<BrowseRoot> browse_saveset(const CatalogHandle& handle, std::int64_t saveset_id);
Result<std::vector<FileVersion>> file_versions(const CatalogHandle& handle,
                                               const std::string& path);
Result<bool> is_directory(const CatalogHandle& handle, const BrowseRoot& root,
                          const std::string& dir);
Result<std::vector<BrowseEntry>> list_directory(const CatalogHandle& handle, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit);
Result<std::vector<BrowseEntry>> search_names(const CatalogHandle& handle, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit);
// job/job_record.h
Result<JobRecord> load_job_record(const CatalogHandle& handle, std::int64_t id);
Result<std::int64_t> record_refused_restore(const CatalogHandle& handle, const std::string& name,
                                            long long when, const std::string& error);

} // namespace tl::job
