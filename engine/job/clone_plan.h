#pragma once
// The steps of a clone before any byte moves (docs/media.md "Cloning"): what is cloned, where
// to, with which library, drives and keys. Each refusal here leaves the catalog and the media
// as they were.
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "catalog/clone_store.h"
#include "context/engine.h"
#include "device/library.h"
#include "job/clone_keys.h"
#include "media/pool.h"

namespace tl::media {

struct CloneOptions;

// What plan_clone() finds: the job, the target pool, the library (its robot shared with the
// engine's other jobs) and the volumes the original is on.
struct ClonePlan {
    std::int64_t job_id = 0;
    std::int64_t job_started = 0; // unix s: the copy's headers carry the original job's start
    std::int64_t job_pool = 0;
    std::string job_pool_name;
    Pool pool;
    std::unique_ptr<device::Library> library;
    std::vector<std::string> original_volumes;
};
// NotFound: unknown job or pool. InvalidArgument: not a backup job, a library of one drive.
// Busy: the job still runs.
Result<ClonePlan> plan_clone(Engine& engine, const CloneOptions& o);

// One media session of the original to copy: its save sets and how its keys are handled.
struct SessionToCopy {
    std::int64_t session_id = 0;
    std::vector<catalog::OriginalSaveset> originals;
    SessionSealing sealing;
};
// Once the drives and volumes are reserved: the save sets to copy (for the whole job, those
// without a copy in the pool yet), grouped by media session, each session's key handling
// decided. Refuses (nothing changed): save sets not of the job, the job's own pool, copies
// already there, no usable volume in the pool, --reencrypt without keys (clone_keys.h).
Result<std::vector<SessionToCopy>> choose_sessions(Engine& engine, const ClonePlan& plan,
                                                   const CloneOptions& o);

} // namespace tl::media
