#pragma once
// An httplib::Server that learns, for every accepted connection, the peer's credentials from
// the socket itself (SO_PEERCRED) and hands them to the routes as the request header
// `Tapeloom-Peer-Uid` (a header of that name sent by the client is dropped first, so it cannot
// be forged); the pre-routing handler refuses peers that may not connect.
//
// cpp-httplib 0.11 gives handlers no access to the socket (Request::remote_port carries the
// peer's pid at most, which does not prove a uid), so this overrides the server's per-connection
// step, process_and_close_socket(), and lets httplib itself parse the request and write the
// response (process_request() on httplib's own SocketStream, through
// detail::process_client_socket()). One request per connection: the response says
// "Connection: close", which every HTTP/1.1 client handles.
#include <functional>
#include <string>

#include <httplib.h>

#include "service/peer_credentials.h"

namespace tl::service {

inline constexpr const char* kPeerUidHeader = "Tapeloom-Peer-Uid";
inline constexpr const char* kPeerPidHeader = "Tapeloom-Peer-Pid";

class PeerCheckedServer : public httplib::Server {
private:
    bool process_and_close_socket(socket_t sock) override;
};

} // namespace tl::service
