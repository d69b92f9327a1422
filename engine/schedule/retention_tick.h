#pragma once
// Retention applied by the service on its own (docs/media.md "Retention and pruning"): the
// first tick, then every `every_seconds` of the injected clock's wall time, the service runs
// prune as `tapeloom-cli prune` does, so volumes of a pool that recycles `auto` become
// recyclable without anyone running it. Each run logs what it expired (media::prune); a run
// that failed is logged once and tried again an hour later (or at the next interval when that
// is sooner). One thread (the service loop).
#include "catalog/db.h"
#include "common/result.h"

namespace tl::schedule {

class RetentionTick {
public:
    explicit RetentionTick(double every_seconds) : every_(every_seconds) {}
    // Prunes when due at `now` (unix seconds).
    void run_if_due(catalog::Db& db, long long now);

private:
    double every_; // 0: never
    long long next_ = 0;
};

} // namespace tl::schedule
