#pragma once
// Restores of a console that runs beside the service (docs/console.md "Beside the service"):
// each restore request becomes the service's `restore` command (POST /v1/commands, the CLI's
// options as JSON), is followed until it ends and its --json document read back into the
// console's summary. Ctrl+. / Cancel cancels the task. Runs on the restore runner's thread.
#include <atomic>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridge/restore_runner.h"
#include "job/restore_job.h"

namespace tl::ui {

// The `restore` command line of `options` as the task body ({"options": {...}}); `client`, when
// not empty, is `--client NAME`: that client's agent writes the files (docs/agent.md).
nlohmann::json restoreTaskRequest(const job::RestoreOptions& options,
                                  const std::string& client = {});

// --existing's word for `policy` (skip, overwrite, keep-newer, rename).
const char* existingPolicyName(job::ExistingPolicy policy);

// Runs `runs` in turn in the service of `home` (run i onto client `clients[i]` when given and
// not empty); the summary as RestoreRunner's own runs give it.
RestoreSummary restoreThroughService(const std::string& home,
                                     const std::vector<job::RestoreOptions>& runs,
                                     std::atomic<bool>& cancel,
                                     const std::vector<std::string>& clients = {});

} // namespace tl::ui
