#pragma once
// The agent link (docs/agent.md): one TCP connection with mutual TLS 1.3 through OpenSSL, where
// each side presents its self-signed certificate and accepts only the peer certificate whose
// SHA-256 fingerprint it has pinned (no certificate authority). On it, frames: a 4-byte
// big-endian payload length, a 1-byte type (agent/wire.h), the payload.
// The service connects to the agent (connect_agent); the agent listens (TlsListener).
// A TlsLink is used by one thread at a time.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agent/identity.h"
#include "common/result.h"

namespace tl::agent {

struct Frame {
    std::uint8_t type = 0;
    std::vector<std::uint8_t> payload;
};

// The largest payload a frame may carry.
inline constexpr std::size_t kMaxFramePayload = 64u << 20;

class TlsLink {
public:
    struct Parts;
    explicit TlsLink(std::unique_ptr<Parts> parts);
    ~TlsLink();
    TlsLink(const TlsLink&) = delete;
    TlsLink& operator=(const TlsLink&) = delete;

    Status send(std::uint8_t type, const void* data, std::size_t n);
    Status send(std::uint8_t type, const std::string& text) {
        return send(type, text.data(), text.size());
    }
    // One frame whose payload is `head` then `n` bytes at `data`, sent without joining them
    // (a backup's stream buffer goes out from where the reader left it). A frame is on its way
    // when send() returns: its TLS records are gathered and written to the socket together.
    Status send(std::uint8_t type, const std::vector<std::uint8_t>& head, const void* data,
                std::size_t n);
    // The next frame; Io naming the peer when the connection ended or timed out, or when the
    // peer refused this side's certificate.
    Result<Frame> receive();
    // The next frame's type and payload length only; its payload is then read with
    // read_payload() in pieces, each straight to where it belongs (a stream buffer's data
    // into the session's channel).
    Result<std::pair<std::uint8_t, std::size_t>> receive_head();
    Status read_payload(void* to, std::size_t n);
    // Ends the connection with a TLS close (the peer reads its end).
    void close();
    const std::string& peer() const; // "HOST:PORT" of the other side
    // Reads wait at most this long (seconds) for the peer before they fail.
    void set_timeout(int seconds);

    Parts& parts() { return *p_; }

private:
    Status flush(); // what the write buffer holds, to the socket
    Error link_error(const std::string& what) const;
    std::unique_ptr<Parts> p_;
};

// The service's side: connects to the agent at `address` (HOST:PORT), presenting `me`, and
// accepts only a certificate whose fingerprint is `pinned`. A different one is refused with an
// error naming both fingerprints (nothing is sent to that peer).
Result<std::unique_ptr<TlsLink>> connect_agent(const std::string& address, const Identity& me,
                                               const std::string& pinned, int timeout_seconds);

class TlsListener {
public:
    // Listens on `address` (HOST:PORT; port 0 = any free one). `pinned` is asked at each
    // connection (the trust may change while the agent runs); "" refuses every peer.
    static Result<std::unique_ptr<TlsListener>>
    listen(const std::string& address, const Identity& me, std::function<std::string()> pinned);
    ~TlsListener();
    int port() const { return port_; }
    // The next connection, its handshake done. An error for a peer refused (its fingerprint
    // named) or a failed handshake; the listener goes on.
    Result<std::unique_ptr<TlsLink>> accept();
    // The next connection before its handshake (a peer that stalls then holds up only the
    // thread that calls handshake()).
    Result<std::unique_ptr<TlsLink>> accept_connection();
    // The handshake of a connection from accept_connection(), its errors as accept()'s.
    static Status handshake(TlsLink& link);

private:
    TlsListener() = default;
    int fd_ = -1;
    int port_ = 0;
    void* ctx_ = nullptr; // SSL_CTX
    std::function<std::string()> pinned_;
};

// HOST:PORT split; InvalidArgument naming the text when it is not one.
Result<std::pair<std::string, int>> split_address(const std::string& address);

} // namespace tl::agent
