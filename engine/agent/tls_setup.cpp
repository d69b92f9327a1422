// The agent link's contexts, the pinned verification, the service's connect and the agent's
// listener (agent/tls_link.h).
#include <cstring>

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/err.h>

#include "agent/tls_errors.h"
#include "agent/tls_parts.h"
#include "common/no_sigpipe.h"

namespace tl::agent {

namespace {

int pin_index() {
    static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return index;
}

// Self-signed certificates fail the chain check by design: what decides is the fingerprint of
// the peer's own certificate (depth 0) against the pinned one.
int verify_pinned(int, X509_STORE_CTX* store) {
    if (X509_STORE_CTX_get_error_depth(store) != 0) return 1;
    auto* ssl =
        static_cast<SSL*>(X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
    auto* pin = static_cast<PinCheck*>(SSL_get_ex_data(ssl, pin_index()));
    X509* cert = X509_STORE_CTX_get_current_cert(store);
    if (!pin || !cert) return 0;
    pin->seen = certificate_fingerprint(cert);
    return !pin->expected.empty() && pin->seen == pin->expected ? 1 : 0;
}

Result<int> tcp_socket(const std::string& address, bool listen_on) {
    auto hp = split_address(address);
    if (!hp) return hp.error();
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = listen_on ? AI_PASSIVE : 0;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(hp->second);
    if (const int rc = ::getaddrinfo(hp->first.c_str(), port.c_str(), &hints, &found); rc != 0)
        return make_error(ErrorKind::InvalidArgument,
                          "cannot resolve " + hp->first + ": " + ::gai_strerror(rc));
    int fd = -1;
    std::string why;
    for (auto* a = found; a && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        const int one = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        const int rc = listen_on ? ::bind(fd, a->ai_addr, a->ai_addrlen)
                                 : ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (rc == 0 && (!listen_on || ::listen(fd, 16) == 0)) break;
        why = errno_text();
        ::close(fd);
        fd = -1;
    }
    ::freeaddrinfo(found);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          std::string(listen_on ? "cannot listen on " : "cannot connect to ") +
                              address + ": " + why);
    return fd;
}

} // namespace

Result<std::pair<std::string, int>> split_address(const std::string& address) {
    const auto colon = address.rfind(':');
    const auto bad = make_error(ErrorKind::InvalidArgument,
                                "'" + address + "' is not HOST:PORT (e.g. 127.0.0.1:9740)");
    if (colon == std::string::npos || colon == 0 || colon + 1 == address.size()) return bad;
    std::string host = address.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    int port = 0;
    for (char c : address.substr(colon + 1)) {
        if (c < '0' || c > '9' || port > 65535) return bad;
        port = port * 10 + (c - '0');
    }
    if (port > 65535) return bad;
    return std::pair{host, port};
}

void attach_pin(SSL* ssl, PinCheck* pin) {
    SSL_set_ex_data(ssl, pin_index(), pin);
}

Result<SSL_CTX*> make_context(bool server, const Identity& me) {
    SSL_CTX* ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
    if (!ctx) return ssl_error(ErrorKind::Internal, "cannot make a TLS context");
    SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
    if (SSL_CTX_use_certificate_file(ctx, me.cert_path.c_str(), SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_use_PrivateKey_file(ctx, me.key_path.c_str(), SSL_FILETYPE_PEM) != 1) {
        SSL_CTX_free(ctx);
        return ssl_error(ErrorKind::Io, "cannot load " + me.cert_path + " and its key");
    }
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, verify_pinned);
    // Both TLS 1.3 AEADs with AES; AES-128-GCM first: it costs a quarter less CPU per byte
    // than AES-256-GCM, and each byte of a client's backup is sealed on one side and opened on
    // the other, both on the machines' own cores.
    SSL_CTX_set_ciphersuites(ctx, "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384");
    return ctx;
}

Status buffer_link(TlsLink::Parts& parts) {
    BIO* socket = SSL_get_rbio(parts.ssl);
    BIO* buffer = BIO_new(BIO_f_buffer());
    if (!socket || !buffer || BIO_set_buffer_size(buffer, kLinkBuffer) != 1) {
        BIO_free(buffer);
        return ssl_error(ErrorKind::Internal, "cannot buffer the link to " + parts.peer);
    }
    // The socket BIO (the SSL's read and write BIO until now, both references given up by
    // SSL_set_bio) is held by the buffer's chain; the buffer becomes both.
    BIO_up_ref(socket);
    BIO_push(buffer, socket);
    SSL_set_bio(parts.ssl, buffer, buffer);
    return {};
}

Result<std::unique_ptr<TlsLink>> connect_agent(const std::string& address, const Identity& me,
                                               const std::string& pinned, int timeout_seconds) {
    auto fd = tcp_socket(address, false);
    if (!fd) return fd.error();
    auto parts = std::make_unique<TlsLink::Parts>();
    parts->fd = fd.value();
    parts->peer = address;
    parts->pin.expected = pinned;
    auto ctx = make_context(false, me);
    if (!ctx) return ctx.error();
    parts->ctx = ctx.value();
    parts->ssl = SSL_new(parts->ctx);
    attach_pin(parts->ssl, &parts->pin);
    SSL_set_fd(parts->ssl, parts->fd);
    auto* p = parts.get();
    auto link = std::make_unique<TlsLink>(std::move(parts));
    link->set_timeout(timeout_seconds);
    NoSigpipe guard; // a peer that refuses this side closes while the handshake still writes
    if (SSL_connect(p->ssl) != 1) {
        if (!p->pin.seen.empty() && p->pin.seen != p->pin.expected) {
            ERR_clear_error();
            return make_error(ErrorKind::Io, "refused: the agent at " + address +
                                                 " presented certificate " + p->pin.seen +
                                                 ", not the pinned " + p->pin.expected +
                                                 " (nothing was sent to it)");
        }
        return ssl_error(ErrorKind::Io, "TLS handshake with " + address + " failed");
    }
    TL_TRY(buffer_link(*p));
    return link;
}

Result<std::unique_ptr<TlsListener>> TlsListener::listen(const std::string& address,
                                                         const Identity& me,
                                                         std::function<std::string()> pinned) {
    auto fd = tcp_socket(address, true);
    if (!fd) return fd.error();
    std::unique_ptr<TlsListener> l(new TlsListener());
    l->fd_ = fd.value();
    sockaddr_storage sa{};
    socklen_t len = sizeof sa;
    ::getsockname(l->fd_, reinterpret_cast<sockaddr*>(&sa), &len);
    l->port_ = ntohs(sa.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&sa)->sin6_port
                                              : reinterpret_cast<sockaddr_in*>(&sa)->sin_port);
    auto ctx = make_context(true, me);
    if (!ctx) return ctx.error();
    l->ctx_ = ctx.value();
    l->pinned_ = std::move(pinned);
    return l;
}

TlsListener::~TlsListener() {
    if (ctx_) SSL_CTX_free(static_cast<SSL_CTX*>(ctx_));
    if (fd_ >= 0) ::close(fd_);
}

Result<std::unique_ptr<TlsLink>> TlsListener::accept_connection() {
    sockaddr_storage sa{};
    socklen_t len = sizeof sa;
    const int fd = ::accept4(fd_, reinterpret_cast<sockaddr*>(&sa), &len, SOCK_CLOEXEC);
    if (fd < 0) return make_error(ErrorKind::Io, "accept failed: " + errno_text());
    char host[NI_MAXHOST] = "?", port[NI_MAXSERV] = "?";
    ::getnameinfo(reinterpret_cast<sockaddr*>(&sa), len, host, sizeof host, port, sizeof port,
                  NI_NUMERICHOST | NI_NUMERICSERV);
    auto parts = std::make_unique<TlsLink::Parts>();
    parts->fd = fd;
    parts->peer = std::string(host) + ":" + port;
    parts->pin.expected = pinned_();
    parts->ssl = SSL_new(static_cast<SSL_CTX*>(ctx_));
    attach_pin(parts->ssl, &parts->pin);
    SSL_set_fd(parts->ssl, fd);
    auto link = std::make_unique<TlsLink>(std::move(parts));
    link->set_timeout(30);
    return link;
}

Status TlsListener::handshake(TlsLink& link) {
    auto& p = link.parts();
    {
        NoSigpipe guard; // as for connect: the handshake writes to a peer that may have gone
        if (SSL_accept(p.ssl) == 1) return buffer_link(p);
    }
    ERR_clear_error();
    if (p.pin.expected.empty())
        return make_error(ErrorKind::Io, "refused " + p.peer +
                                             ": this agent trusts no service yet (run "
                                             "tapeloom-agent trust --server-fingerprint FP)");
    if (!p.pin.seen.empty() && p.pin.seen != p.pin.expected)
        return make_error(ErrorKind::Io, "refused " + p.peer + ": its certificate " + p.pin.seen +
                                             " is not the trusted service's " + p.pin.expected);
    return make_error(ErrorKind::Io, "TLS handshake with " + p.peer +
                                         " failed: the peer refused this agent's certificate or "
                                         "speaks no TLS");
}

Result<std::unique_ptr<TlsLink>> TlsListener::accept() {
    auto link = accept_connection();
    if (!link) return link.error();
    TL_TRY(handshake(*link.value()));
    return std::move(link.value());
}

} // namespace tl::agent
