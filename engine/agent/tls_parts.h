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

// A TLS 1.3 context presenting `me` and verifying the peer with the pin of each SSL.
Result<SSL_CTX*> make_context(bool server, const Identity& me);
// Connects `ssl` with `pin` for its verification callback.
void attach_pin(SSL* ssl, PinCheck* pin);

} // namespace tl::agent
