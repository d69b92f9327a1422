#pragma once
// Where the service's socket lives and the checks before it is created: the data directory
// must not be writable by group or others (anyone who could replace the socket could
// impersonate the service), and a socket left by a service that is gone is removed — never one
// a live service answers on.
#include <string>

#include <sys/types.h>

#include "common/result.h"

namespace tl::service {

// The data directory's owner; InvalidArgument (naming it and the chmod to run) when it is
// writable by group or others; NotFound when it does not exist.
Result<uid_t> check_home_private(const std::string& home);

// Whether something accepts connections on the Unix socket at `path`.
bool socket_answers(const std::string& path);

// Removes `path` when it is a socket nobody answers on. Busy when a service answers on it,
// AlreadyExists when it is no socket.
Status remove_stale_socket(const std::string& path);

} // namespace tl::service
