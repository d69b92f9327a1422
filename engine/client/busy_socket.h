#pragma once
// Whether a service's Unix socket is busy rather than gone. A local connect fails at once when
// the socket's listen queue is full (EAGAIN: the service is accepting slower than clients
// arrive, e.g. sixteen streams opened together on a loaded machine), and also when no service
// listens (ECONNREFUSED, ENOENT). cpp-httplib reports both as one "Connection" error; this
// tells them apart, so a client waits for a busy service and still says at once that a
// stopped one is not running.
#include <string>

namespace tl::client {

// True when a connection to the socket at `path` is refused for a full queue, or succeeds now.
bool unix_socket_busy(const std::string& path);

} // namespace tl::client
