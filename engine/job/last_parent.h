#pragma once
// The directory of the file a restore writer placed last. A backup writes a directory's files one
// after the other, so the next file of that directory is placed without splitting its path into
// components again or looking its directory up in the cache (RestoreWriter::on_object_header).
// It only repeats what the full check (safe_components, TargetDirs) said for the same directory:
// it is filled from that check, and a path it cannot match exactly goes to the full check.
#include <optional>
#include <string>

#include "job/target_dirs.h"

namespace tl::job {

class LastParent final {
public:
    struct Hit {
        DirRef dir;
        std::string rel;  // the file's path below the target
        std::string leaf; // its name in `dir`
    };
    // Where `path` goes when its directory is the one remembered and its last component a plain
    // name (is_plain_component); nothing otherwise.
    std::optional<Hit> find(const std::string& path) const;
    // The full check placed `path` in `dir`, `rel_dir` below the target. Remembered only when the
    // last component of `path` is a plain name, so its directory is exactly the text before it.
    void remember(const std::string& path, std::string rel_dir, DirRef dir);
    void forget();

private:
    DirRef dir_;          // none: nothing remembered
    std::string raw_dir_; // the text of the path before its last '/' ("" for none)
    std::string rel_dir_; // that directory below the target ("" for the target)
};

} // namespace tl::job
