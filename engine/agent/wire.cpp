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

nlohmann::json record_json(const job::FileRecord& r) {
    return nlohmann::json::array({r.dir, r.name, r.kind, r.mode, r.uid, r.gid, r.size, r.mtime_ns,
                                  r.ctime_ns, r.inode, r.has_hash ? hash_hex(r.hash) : "", r.offset,
                                  r.flags});
}

job::FileRecord record_from(const nlohmann::json& j) {
    job::FileRecord r;
    r.dir = j.at(0).get<std::string>();
    r.name = j.at(1).get<std::string>();
    r.kind = j.at(2).get<int>();
    r.mode = j.at(3).get<std::uint32_t>();
    r.uid = j.at(4).get<std::uint32_t>();
    r.gid = j.at(5).get<std::uint32_t>();
    r.size = j.at(6).get<std::uint64_t>();
    r.mtime_ns = j.at(7).get<std::int64_t>();
    r.ctime_ns = j.at(8).get<std::int64_t>();
    r.inode = j.at(9).get<std::uint64_t>();
    const auto h = j.at(10).get<std::string>();
    r.has_hash = !h.empty();
    if (r.has_hash) r.hash = hash_from_hex(h);
    r.offset = j.at(11).get<std::uint64_t>();
    r.flags = j.at(12).get<std::uint32_t>();
    return r;
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

Result<nlohmann::json> receive_json(TlsLink& link, std::uint8_t type) {
    auto f = link.receive();
    if (!f) return f.error();
    if (f->type == frame::kError) return error_from(f.value(), link.peer());
    if (f->type != type)
        return make_error(ErrorKind::Corrupt,
                          link.peer() + " sent frame '" +
                              std::string(1, static_cast<char>(f->type)) + "' where '" +
                              std::string(1, static_cast<char>(type)) + "' belongs");
    return parse_json(f.value());
}

Result<nlohmann::json> exchange_hello(TlsLink& link, const std::string& role) {
    TL_TRY(send_json(link, frame::kHello, hello(role)));
    auto peer = receive_json(link, frame::kHello);
    if (!peer) return peer.error();
    const auto& p = peer.value();
    const int major = p.contains("protocol") ? p["protocol"].value("major", 0) : 0;
    if (major != kProtocolMajor) {
        const auto e = make_error(
            ErrorKind::Unsupported,
            "refused: " + link.peer() + " speaks agent protocol " + std::to_string(major) +
                " (program " + p.value("version", "?") + "), this side " +
                std::to_string(kProtocolMajor) + " (" + engine_version() +
                "); install the same major version of tapeloom on both sides");
        (void)send_error(link, e);
        return e;
    }
    return peer;
}

std::vector<std::uint8_t> encode_buffer_head(const job::StreamBuffer& b, std::uint64_t raw_bytes) {
    nlohmann::json records = nlohmann::json::array();
    for (const auto& r : b.completed)
        records.push_back(record_json(r));
    const std::string text = records.dump();
    std::vector<std::uint8_t> out;
    out.reserve(40 + 8 * b.boundaries.size() + text.size());
    put_u64(out, b.offset);
    put_u64(out, raw_bytes);
    out.push_back(b.last ? 1 : 0);
    put_u64(out, b.boundaries.size());
    for (auto v : b.boundaries)
        put_u64(out, v);
    put_u64(out, text.size());
    out.insert(out.end(), text.begin(), text.end());
    return out;
}

Result<ReceivedBuffer> receive_buffer_head(TlsLink& link, std::size_t payload) {
    const auto bad = make_error(ErrorKind::Corrupt, "the agent sent a damaged stream buffer");
    std::size_t left = payload;
    auto take = [&](void* to, std::size_t n) -> Status {
        if (n > left) return bad;
        left -= n;
        return link.read_payload(to, n);
    };
    ReceivedBuffer r;
    std::uint8_t head[25];
    TL_TRY(take(head, sizeof head));
    r.offset = get_u64(head);
    r.raw_bytes = get_u64(head + 8);
    r.last = head[16] != 0;
    const std::uint64_t nb = get_u64(head + 17);
    if (nb > left / 8) return bad;
    std::vector<std::uint8_t> bounds(8 * nb);
    TL_TRY(take(bounds.data(), bounds.size()));
    for (std::uint64_t i = 0; i < nb; ++i)
        r.boundaries.push_back(get_u64(bounds.data() + 8 * i));
    std::uint8_t tl[8];
    TL_TRY(take(tl, sizeof tl));
    const std::uint64_t tn = get_u64(tl);
    if (tn > left) return bad;
    std::string text(tn, '\0');
    TL_TRY(take(text.data(), tn));
    auto records = nlohmann::json::parse(text, nullptr, false);
    if (records.is_discarded() || !records.is_array()) return bad;
    try {
        for (const auto& j : records)
            r.completed.push_back(record_from(j));
    } catch (const nlohmann::json::exception&) {
        return bad;
    }
    r.size = left;
    return r;
}

} // namespace tl::agent
