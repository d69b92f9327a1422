#include "agent/wire.h"

#include <cstring>

#include <sys/utsname.h>
#include <unistd.h>

#include "common/version.h"

namespace tl::agent {

namespace {

std::string os_name() {
    utsname u{};
    if (::uname(&u) != 0) return "?";
    return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

std::string host_name() {
    char buf[256] = {};
    ::gethostname(buf, sizeof buf - 1);
    return buf;
}

} // namespace

std::string hash_hex(const std::array<std::uint8_t, 16>& h) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (auto b : h) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

std::array<std::uint8_t, 16> hash_from_hex(const std::string& s) {
    std::array<std::uint8_t, 16> out{};
    for (std::size_t i = 0; i < out.size() && 2 * i + 1 < s.size(); ++i)
        out[i] = static_cast<std::uint8_t>(std::stoi(s.substr(2 * i, 2), nullptr, 16));
    return out;
}

void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (int i = 7; i >= 0; --i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::uint64_t get_u64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v = (v << 8) | p[i];
    return v;
}

nlohmann::json hello(const std::string& role) {
    return {{"role", role},
            {"protocol", {{"major", kProtocolMajor}, {"minor", kProtocolMinor}}},
            {"version", engine_version()},
            {"os", os_name()},
            {"host", host_name()}};
}

Status send_json(TlsLink& link, std::uint8_t type, const nlohmann::json& j) {
    return link.send(type, j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

Result<nlohmann::json> parse_json(const Frame& f) {
    auto j = nlohmann::json::parse(f.payload.begin(), f.payload.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return make_error(ErrorKind::Corrupt, "the peer sent a frame that is no JSON object");
    return j;
}

Status send_error(TlsLink& link, const Error& e) {
    return send_json(link, frame::kError, {{"error", e.message}, {"kind", to_string(e.kind)}});
}

Error error_from(const Frame& f, const std::string& peer) {
    auto j = parse_json(f);
    const std::string message =
        j && j->contains("error") ? j.value()["error"].get<std::string>() : "an unreadable error";
    const std::string kind = j && j->contains("kind") ? j.value()["kind"].get<std::string>() : "";
    ErrorKind k = ErrorKind::Io;
    for (auto c : {ErrorKind::InvalidArgument, ErrorKind::NotFound, ErrorKind::Unsupported,
                   ErrorKind::Cancelled, ErrorKind::Busy})
        if (kind == to_string(c)) k = c;
    return make_error(k, peer + ": " + message);
}

Result<Frame> receive_frame(TlsLink& link, std::uint8_t type) {
    auto f = link.receive();
    if (!f) return f.error();
    if (f->type == frame::kError) return error_from(f.value(), link.peer());
    if (f->type != type)
        return make_error(ErrorKind::Corrupt,
                          link.peer() + " sent frame '" +
                              std::string(1, static_cast<char>(f->type)) + "' where '" +
                              std::string(1, static_cast<char>(type)) + "' belongs");
    return f;
}

Result<nlohmann::json> receive_json(TlsLink& link, std::uint8_t type) {
    auto f = receive_frame(link, type);
    if (!f) return f.error();
    return parse_json(f.value());
}

Result<nlohmann::json> exchange_hello(TlsLink& link, const std::string& role) {
    TL_TRY(send_json(link, frame::kHello, hello(role)));
    auto peer = receive_json(link, frame::kHello);
    if (!peer) return peer.error();
    const auto& p = peer.value();
    const auto protocol = p.value("protocol", nlohmann::json::object());
    const int major = protocol.is_object() ? protocol.value("major", 0) : 0;
    const int minor = protocol.is_object() ? protocol.value("minor", 0) : 0;
    if (major != kProtocolMajor) {
        const auto e = make_error(
            ErrorKind::Unsupported,
            "refused: " + link.peer() + " speaks agent protocol " + std::to_string(major) + "." +
                std::to_string(minor) + " (program " + p.value("version", "?") + "), this side " +
                std::to_string(kProtocolMajor) + "." + std::to_string(kProtocolMinor) + " (" +
                engine_version() + "); install the same major version of tapeloom on both sides");
        (void)send_error(link, e);
        return e;
    }
    return peer;
}

} // namespace tl::agent
