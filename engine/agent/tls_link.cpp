#include "agent/tls_link.h"

#include <cstring>

#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <openssl/err.h>

#include "agent/tls_errors.h"
#include "agent/tls_parts.h"
#include "common/no_sigpipe.h"

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
    NoSigpipe guard; // the close_notify is a write too
    if (p_->ssl) {
        (void)BIO_flush(SSL_get_wbio(p_->ssl));
        SSL_shutdown(p_->ssl);
        (void)BIO_flush(SSL_get_wbio(p_->ssl));
    }
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
    NoSigpipe guard;
    std::size_t written = 0;
    errno = 0;
    if (SSL_write_ex(p_->ssl, head, sizeof head, &written) != 1)
        return link_error("cannot send to");
    if (n && SSL_write_ex(p_->ssl, data, n, &written) != 1) return link_error("cannot send to");
    return flush();
}

Status TlsLink::send(std::uint8_t type, const std::vector<std::uint8_t>& head, const void* data,
                     std::size_t n) {
    const std::size_t total = head.size() + n;
    if (total > kMaxFramePayload)
        return make_error(ErrorKind::Internal, "a frame of " + std::to_string(total) + " bytes");
    std::vector<std::uint8_t> first = {
        static_cast<std::uint8_t>(total >> 24), static_cast<std::uint8_t>(total >> 16),
        static_cast<std::uint8_t>(total >> 8), static_cast<std::uint8_t>(total), type};
    first.insert(first.end(), head.begin(), head.end());
    NoSigpipe guard;
    std::size_t written = 0;
    errno = 0;
    if (SSL_write_ex(p_->ssl, first.data(), first.size(), &written) != 1)
        return link_error("cannot send to");
    if (n && SSL_write_ex(p_->ssl, data, n, &written) != 1) return link_error("cannot send to");
    return flush();
}

Status TlsLink::flush() {
    if (BIO_flush(SSL_get_wbio(p_->ssl)) != 1) return link_error("cannot send to");
    return {};
}

Status TlsLink::read_payload(void* to, std::size_t n) {
    auto* at = static_cast<std::uint8_t*>(to);
    NoSigpipe guard;   // a read may write too (an alert, a TLS 1.3 key update's answer)
    ERR_clear_error(); // once: the queue is empty while reads succeed
    while (n > 0) {
        std::size_t got = 0;
        errno = 0;
        if (SSL_read_ex(p_->ssl, at, n, &got) != 1) return link_error("cannot read from");
        at += got;
        n -= got;
    }
    return {};
}

Result<std::pair<std::uint8_t, std::size_t>> TlsLink::receive_head() {
    std::uint8_t head[5];
    TL_TRY(read_payload(head, sizeof head));
    const std::size_t n = (std::size_t{head[0]} << 24) | (std::size_t{head[1]} << 16) |
                          (std::size_t{head[2]} << 8) | head[3];
    if (n > kMaxFramePayload)
        return make_error(ErrorKind::Corrupt, p_->peer + " sent a frame of " + std::to_string(n) +
                                                  " bytes, more than the link allows");
    return std::pair{head[4], n};
}

Result<Frame> TlsLink::receive() {
    auto head = receive_head();
    if (!head) return head.error();
    Frame f;
    f.type = head->first;
    f.payload.resize(head->second);
    TL_TRY(read_payload(f.payload.data(), head->second));
    return f;
}

} // namespace tl::agent
