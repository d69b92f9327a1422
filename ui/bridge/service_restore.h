#pragma once
// The console's restores (docs/console.md "Beside the service"):
// each restore request goes through the typed door (client::Api::start_restore, POST
// /v1/restores), its job is followed until it ended and its report read back into the
// console's summary. Ctrl+. / Cancel cancels the job (POST /v1/jobs/{id}/cancel). Runs on the
// restore runner's thread.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "bridge/restore_runner.h"
#include "bridge/typed_door.h"
#include "client/restores.h"
#include "job/restore_job.h"

namespace tl::ui {

// The live snapshot of the restore job being followed, as the service's GET /v1/live gives it
// at each poll of the job (on the runner's thread).
using RestoreLiveSink = std::function<void(const metrics::LiveSnapshot&)>;

// Runs `runs` in turn in the service at `door` (run i onto client `clients[i]` when given and
// not empty); the summary as RestoreRunner's own runs give it. `onLive`, when set, gets each
// running job's live snapshot while it is followed.
RestoreSummary restoreThroughService(const DoorAddress& door,
                                     const std::vector<job::RestoreOptions>& runs,
                                     std::atomic<bool>& cancel,
                                     const std::vector<std::string>& clients = {},
                                     const RestoreLiveSink& onLive = {});

} // namespace tl::ui
