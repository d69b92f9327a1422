#pragma once
// A restored file written without a name (O_TMPFILE) and given its name once its data is
// verified: nobody ever sees it half written, as with a temporary name and a rename, and a
// restore killed halfway leaves nothing behind. Where the file system has no O_TMPFILE the
// caller falls back to a temporary name.
#include <string>

#include <sys/types.h>

namespace tl::job {

// An unnamed regular file in the directory `dir` for writing, or -1 (errno set: EOPNOTSUPP,
// EISDIR or EINVAL where the file system cannot, as for a named create otherwise).
int open_unnamed(int dir, mode_t mode);

// Gives the unnamed file `fd` the name `leaf` in `dir`, replacing a file of that name as a
// rename does. "" on success, else what failed.
std::string link_into_place(int fd, int dir, const std::string& leaf);

// Whether open_unnamed's errno says the file system has no unnamed files at all.
bool unnamed_unsupported(int err);

} // namespace tl::job
