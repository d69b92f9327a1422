#include "agent/tls_link.h"

#include <cstring>

#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <openssl/err.h>

#include "agent/tls_errors.h"
#include "agent/tls_parts.h"

namespace tl::agent {

TlsLink::Parts::~Parts() {
    if (ssl) SSL_free(ssl);
    if (ctx) SSL_CTX_free(ctx);
    if (fd >= 0) ::close(fd);
}

TlsLink::TlsLink(std::unique_ptr<Parts> parts) : p_(std::move(parts)) {}
TlsLink::~TlsLink() = default;

const std::string& TlsLink::peer() const {
    return p_->peer;
}

void TlsLink::set_timeout(int seconds) {
    timeval tv{seconds, 0};
    ::setsockopt(p_->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(p_->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

void TlsLink::close() {
    if (p_->ssl) SSL_shutdown(p_->ssl);
    ::shutdown(p_->fd, SHUT_RDWR);
}

Error TlsLink::link_error(const std::string& what) const {
    const int saved = errno;
    const std::string why = ssl_reasons();
    if (why.find("alert") != std::string::npos)
        return make_error(ErrorKind::Io, p_->peer + " refused this side's certificate (" + why +
                                             "): its pinned fingerprint is another");
    if (!why.empty()) return make_error(ErrorKind::Io, what + " " + p_->peer + ": " + why);
    if (saved == EAGAIN || saved == EWOULDBLOCK)
        return make_error(ErrorKind::Io, p_->peer + " did not answer in time (connection lost)");
    if (saved != 0)
        return make_error(ErrorKind::Io, what + " " + p_->peer + ": " + std::strerror(saved));
    return make_error(ErrorKind::Io, "the connection to " + p_->peer + " was closed");
}

Status TlsLink::send(std::uint8_t type, const void* data, std::size_t n) {
    if (n > kMaxFramePayload)
        return make_error(ErrorKind::Internal, "a frame of " + std::to_string(n) + " bytes");
    std::uint8_t head[5] = {static_cast<std::uint8_t>(n >> 24), static_cast<std::uint8_t>(n >> 16),
                            static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n), type};
    std::size_t written = 0;
    errno = 0;
    if (SSL_write_ex(p_->ssl, head, sizeof head, &written) != 1)
        return link_error("cannot send to");
    if (n && SSL_write_ex(p_->ssl, data, n, &written) != 1) return link_error("cannot send to");
    return {};
}

Result<Frame> TlsLink::receive() {
    auto read_all = [this](std::uint8_t* to, std::size_t n) -> Status {
        while (n > 0) {
            std::size_t got = 0;
            errno = 0;
            ERR_clear_error();
            if (SSL_read_ex(p_->ssl, to, n, &got) != 1) return link_error("cannot read from");
            to += got;
            n -= got;
        }
        return {};
    };
    std::uint8_t head[5];
    TL_TRY(read_all(head, sizeof head));
    const std::size_t n = (std::size_t{head[0]} << 24) | (std::size_t{head[1]} << 16) |
                          (std::size_t{head[2]} << 8) | head[3];
    if (n > kMaxFramePayload)
        return make_error(ErrorKind::Corrupt, p_->peer + " sent a frame of " + std::to_string(n) +
                                                  " bytes, more than the link allows");
    Frame f;
    f.type = head[4];
    f.payload.resize(n);
    TL_TRY(read_all(f.payload.data(), n));
    return f;
}

} // namespace tl::agent
