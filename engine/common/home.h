#pragma once
// The data directory ("home") holds the catalog, the log files and the virtual library. Only
// one process runs the engine on a home at a time: HomeLock holds an flock on <home>/tapeloom.lock
// for its lifetime and records the holder's pid there, so a second process gets an error naming it.
#include <string>

#include "common/pid_lock.h"
#include "common/result.h"

namespace tl {

// Resolves the home: explicit (--home) > $TAPELOOM_HOME > $XDG_DATA_HOME/tapeloom >
// $HOME/.local/share/tapeloom. Does not create it.
std::string resolve_home(const std::string& explicit_dir);

// Creates the directory (and parents) if missing; error names the path.
Status ensure_directory(const std::string& path);
// The same for a directory only its owner may read (the data directory, its logs): made 0700
// when missing (its parents as ensure_directory makes them); an existing one is left as it is.
Status ensure_private_directory(const std::string& path);

class HomeLock {
public:
    // Takes the lock without waiting. Busy error names the holder's pid.
    static Result<HomeLock> acquire(const std::string& home);
    // The pid recorded by the current holder, or 0 when the home is not locked.
    static long holder(const std::string& home);

private:
    explicit HomeLock(PidLock lock) : lock_(std::move(lock)) {}
    PidLock lock_;
};

} // namespace tl
