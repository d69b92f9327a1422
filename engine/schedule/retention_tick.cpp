#include "schedule/retention_tick.h"

#include <algorithm>

#include "common/log.h"
#include "media/prune.h"
#include "media/volume_actions.h"

namespace tl::schedule {

void RetentionTick::run_if_due(catalog::Db& db, long long now) {
    if (every_ <= 0 || now < next_) return;
    const auto every = static_cast<long long>(every_);
    auto r = media::prune(db, now, false);
    if (!r) {
        next_ = now + std::min<long long>(every, 3600);
        log::get("schedule")
            ->error("retention applied by the service failed: {} (tried again at {}; "
                    "tapeloom-cli prune applies it by hand)",
                    r.error().message, media::utc_minutes(next_) + " UTC");
        return;
    }
    next_ = now + every; // prune logs what it expired
}

} // namespace tl::schedule
