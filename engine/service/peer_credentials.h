#pragma once
// Who is at the other end of a Unix socket (SO_PEERCRED: the credentials the peer had when it
// connected, from the kernel, so they cannot be forged), and whether the service lets them in:
// root and the owner of the data directory only.
#include <sys/types.h>

#include "common/result.h"

namespace tl::service {

struct PeerCredentials {
    pid_t pid = 0;
    uid_t uid = 0;
    gid_t gid = 0;
};

// Io when the descriptor is no connected Unix socket.
Result<PeerCredentials> peer_credentials(int fd);

bool peer_may_connect(uid_t peer, uid_t home_owner);

} // namespace tl::service
