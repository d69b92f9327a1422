#include "service/volume_usage.h"

#include <algorithm>

#include "catalog/volume_store.h"
#include "media/prune.h"

namespace tl::service {

Status add_volume_usage(catalog::Db& db, const std::vector<media::VolumeRecord>& records,
                        long long now, nlohmann::json& volumes) {
    auto counters = catalog::volume_counters(db);
    if (!counters) return counters.error();
    for (std::size_t i = 0; i < records.size() && i < volumes.size(); ++i) {
        const auto& v = records[i];
        long long kept_until = 0;
        if (v.has_data()) {
            auto kept = media::kept_jobs_on_volume(db, v.id, now);
            if (!kept) return kept.error();
            for (const auto& k : kept.value())
                kept_until = std::max(kept_until, k.kept_until);
        }
        const auto c = counters->find(v.id);
        volumes[i]["usage"] = {{"mounts", c != counters->end() ? c->second.mounts : 0},
                               {"errors", c != counters->end() ? c->second.errors : 0},
                               {"block_size", v.block_size},
                               {"kept_until", kept_until}};
    }
    return {};
}

} // namespace tl::service
