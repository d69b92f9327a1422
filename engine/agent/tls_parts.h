#pragma once
// Inside the agent link: the OpenSSL objects of one connection and the pin check their
// verification callback fills (agent/tls_link.cpp, tls_setup.cpp).
#include <string>

#include <openssl/ssl.h>

#include "agent/identity.h"
#include "agent/tls_link.h"

namespace tl::agent {

// What a handshake's verification saw of the peer's certificate.
struct PinCheck {
    std::string expected; // "" refuses every certificate
    std::string seen;     // the peer's fingerprint, once verified
};

struct TlsLink::Parts {
    int fd = -1;
    SSL_CTX* ctx = nullptr; // owned (one per connection on the service's side) or null
    SSL* ssl = nullptr;
    std::string peer;
    PinCheck pin;
    ~Parts();
};

// TLS writes each record of at most 16 KiB with a socket write of its own and reads each
// record's header and body with a read each. A link's records go through a buffer of this size
// both ways: written in one go when a frame is sent (TlsLink::send flushes it), so a stream
// buffer of 512 KiB is one socket write, not 33 segments the peer is woken for; read as much
// as has arrived at once. (OpenSSL's own read-ahead moves what is left of its buffer to the
// front at each record, which costs more than the reads it saves.)
inline constexpr int kLinkBuffer = 1024 << 10;

// A TLS 1.3 context presenting `me` and verifying the peer with the pin of each SSL.
Result<SSL_CTX*> make_context(bool server, const Identity& me);
// After the handshake: this link's records go through a buffer of kLinkBuffer bytes each way.
Status buffer_link(TlsLink::Parts& parts);
// Connects `ssl` with `pin` for its verification callback.
void attach_pin(SSL* ssl, PinCheck* pin);

} // namespace tl::agent
