#include "service/peer_checked_server.h"

#include <sys/socket.h>
#include <unistd.h>

namespace tl::service {

namespace {
// Stands for "no credentials could be read": matches no user, so the peer is refused.
constexpr const char* kUnknownPeer = "unknown";

void stamp(httplib::Request& req, const Result<PeerCredentials>& peer) {
    req.headers.erase(kPeerUidHeader);
    req.headers.erase(kPeerPidHeader);
    req.set_header(kPeerUidHeader, peer ? std::to_string(peer->uid) : kUnknownPeer);
    req.set_header(kPeerPidHeader, peer ? std::to_string(peer->pid) : kUnknownPeer);
}
} // namespace

bool PeerCheckedServer::process_and_close_socket(socket_t sock) {
    const auto peer = peer_credentials(sock);
    const bool ok = httplib::detail::process_client_socket(
        sock, read_timeout_sec_, read_timeout_usec_, write_timeout_sec_, write_timeout_usec_,
        [&](httplib::Stream& strm) {
            bool closed = false;
            return process_request(strm, true, closed,
                                   [&](httplib::Request& req) { stamp(req, peer); });
        });
    shutdown(sock, SHUT_RDWR);
    close(sock);
    return ok;
}

} // namespace tl::service
