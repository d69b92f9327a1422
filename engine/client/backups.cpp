#include "client/backups.h"

#include "common/path_json.h"

namespace tl::client {

AdHocBackupRequest ad_hoc_backup_request(const job::BackupOptions& o) {
    AdHocBackupRequest r;
    r.sources = o.sources;
    r.pool = o.pool;
    r.level = o.level;
    r.compression = o.compression;
    r.sessions_per_drive = o.sessions_per_drive;
    r.drives = o.drives;
    r.library = o.library;
    r.name = o.name;
    return r;
}

nlohmann::json to_json(const AdHocBackupRequest& r) {
    nlohmann::json sources = nlohmann::json::array();
    for (const auto& s : r.sources)
        sources.push_back(path_json(s));
    nlohmann::json j = {{"sources", sources},
                        {"pool", r.pool},
                        {"level", r.level},
                        {"compression", r.compression},
                        {"sessions_per_drive", r.sessions_per_drive}};
    if (r.drives > 0) j["drives"] = r.drives;
    if (!r.library.empty()) j["library"] = r.library;
    if (!r.name.empty()) j["name"] = r.name;
    return j;
}

} // namespace tl::client
