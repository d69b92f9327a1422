// Starting a program without a shell: where its standard streams go, its environment and
// session, in one place for every caller (the bench's agents and tar, the PostgreSQL tools,
// the detached service).
#pragma once

#include <string>
#include <vector>

#include <sys/types.h>

#include "common/result.h"

namespace tl::proc {

// Where one of the child's standard streams goes: /dev/null (the default), a descriptor of
// this process duplicated onto it, a file opened for appending (created 0600), or ours.
struct ChildStream {
    int descriptor = -1; // -2: the child keeps this process's stream
    std::string append_to;

    static ChildStream null() { return {}; }
    static ChildStream inherited() { return {-2, {}}; }
    static ChildStream fd(int d) { return {d, {}}; }
    static ChildStream file(std::string path) { return {-1, std::move(path)}; }
};

struct SpawnOptions {
    ChildStream in, out, err;
    bool err_to_out = false;      // stderr is stdout (after stdout is set up)
    bool new_session = false;     // setsid: a terminal's signals do not reach it
    bool close_other_fds = false; // no descriptor of ours above 2 lives on in the child
    std::vector<std::string> extra_environment; // NAME=value added to this process's
};

// Starts argv (argv[0] looked up on PATH unless it holds a '/'). The error names the
// program: NotFound when it does not exist, Io otherwise.
Result<pid_t> spawn(const std::vector<std::string>& argv, const SpawnOptions& options = {});

} // namespace tl::proc
