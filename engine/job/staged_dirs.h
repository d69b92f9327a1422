#pragma once
// The directories a restore makes where the target had none (their parent existed), kept out of
// sight until the restore's writers are done: each is made under a temporary name (a restore's
// ".tapeloom-restore-<pid>-<hex>") and renamed to its own by publish(). What a restore writes
// inside one is created under its final name at once (no unnamed file, no link or rename per
// file): nobody sees the tree before every file in it is complete and verified, and a restore
// killed halfway leaves a temporary name that the next restore into the target removes. Shared
// by the writers of one restore job; thread-safe.
#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::job {

class StagedDirs final {
public:
    StagedDirs() = default;
    ~StagedDirs(); // publishes what publish() was not called for (logged)
    StagedDirs(const StagedDirs&) = delete;
    StagedDirs& operator=(const StagedDirs&) = delete;

    // The temporary name directory `key` (its path below the target) has while it is staged;
    // "" when it is not staged or was published.
    std::string staged_name(const std::string& key) const;
    // Makes the directory `key`, named `leaf` in `parent_fd`, under a temporary name, or finds
    // the one another writer made for it. Returns its name in `parent_fd`; `made`: this call
    // made it. Errors name `key`.
    Result<std::string> make(int parent_fd, const std::string& key, const std::string& leaf,
                             bool* made);
    // True once publish() ran: directories are no longer out of sight.
    bool published() const { return published_.load(std::memory_order_acquire); }
    // Renames each staged directory to its own name. Where that name appeared meanwhile (another
    // program made it), what is inside moves into it, directories merged; an entry whose name is
    // taken there stays where it is. Returns one line per such problem (the entry and where it
    // stayed), empty when every directory is in place.
    std::vector<std::string> publish();

private:
    struct Staged {
        int parent_fd = -1; // a duplicate, closed with this
        std::string leaf, name;
    };
    mutable std::mutex mutex_;
    std::map<std::string, Staged> staged_; // by key
    std::atomic<bool> published_{false};
};

// Removes the directory `name` in `dir_fd` with everything below it, on its own filesystem,
// never following a symlink. Returns false when something could not be removed.
bool remove_tree(int dir_fd, const std::string& name);

} // namespace tl::job
