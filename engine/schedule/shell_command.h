#pragma once
// Runs an administrator's command line (pre/post commands, notifications) with /bin/sh -c,
// feeding `input` on its stdin and keeping the tail of its output for error messages.
// Blocking; thread-safe (fork/exec, no shared state).
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"

namespace tl::schedule {

struct CommandOutcome {
    int exit_code = 0;  // 128 + signal number when killed by a signal
    std::string output; // stdout and stderr, the last 4 KiB
};

// An error only when the command could not be started at all.
Result<CommandOutcome> run_shell(const std::string& command, const std::string& input,
                                 const std::vector<std::pair<std::string, std::string>>& env);

} // namespace tl::schedule
