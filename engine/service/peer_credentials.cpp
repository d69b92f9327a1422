#include "service/peer_credentials.h"

#include <cerrno>
#include <cstring>

#include <sys/socket.h>

namespace tl::service {

Result<PeerCredentials> peer_credentials(int fd) {
    struct ucred cred {};
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
        return make_error(ErrorKind::Io, std::string("cannot read the peer's credentials "
                                                     "(SO_PEERCRED): ") +
                                             std::strerror(errno));
    return PeerCredentials{cred.pid, cred.uid, cred.gid};
}

bool peer_may_connect(uid_t peer, uid_t home_owner) {
    return peer == 0 || peer == home_owner;
}

} // namespace tl::service
