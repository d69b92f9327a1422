#pragma once
// What travels on the agent link (docs/agent.md "Wire protocol"): the frame types, the hello
// both sides exchange first (with the protocol's major version: another major is refused), and
// the JSON frames. A backup's stream buffers are encoded by agent/buffer_wire.h.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/tls_link.h"

namespace tl::agent {

// 2.0: a stream buffer's catalog records (agent/buffer_wire.h) and a diff/incr's base view
// (agent/base_wire.h) in binary, not JSON.
inline constexpr int kProtocolMajor = 2;
inline constexpr int kProtocolMinor = 0;

namespace frame {
inline constexpr std::uint8_t kHello = 'H';        // JSON, both ways, first
inline constexpr std::uint8_t kBackup = 'B';       // JSON: service asks for a session
inline constexpr std::uint8_t kBuffer = 'S';       // a stream buffer (agent/buffer_wire.h)
inline constexpr std::uint8_t kDone = 'E';         // JSON: a session's or restore's outcome
inline constexpr std::uint8_t kRestore = 'R';      // JSON: service starts a restore
inline constexpr std::uint8_t kSaveset = 'V';      // JSON: the next save set of a restore
inline constexpr std::uint8_t kObject = 'O';       // u64 stream offset + encoded object header
inline constexpr std::uint8_t kData = 'D';         // u64 file offset + raw bytes
inline constexpr std::uint8_t kTrailer = 'T';      // encoded object trailer
inline constexpr std::uint8_t kObjectFailed = 'X'; // JSON: the current object is damaged
inline constexpr std::uint8_t kFinish = 'F';       // the restore's last save set was sent
inline constexpr std::uint8_t kBase = 'P';         // a diff/incr's base view (base_wire.h)
inline constexpr std::uint8_t kKeepAlive = 'K';    // nothing: the agent is still walking
inline constexpr std::uint8_t kCompare = 'C';      // JSON: service asks to compare
inline constexpr std::uint8_t kError = '!';        // JSON {"error", "kind"}: refused or failed
} // namespace frame

// This side's hello: role ("agent" | "service"), protocol version, program version, OS, host.
nlohmann::json hello(const std::string& role);
// Sends this side's hello and reads the peer's. Unsupported naming both versions when the
// peer speaks another major version (this side then sends an error frame saying so).
Result<nlohmann::json> exchange_hello(TlsLink& link, const std::string& role);

Status send_json(TlsLink& link, std::uint8_t type, const nlohmann::json& j);
Result<nlohmann::json> parse_json(const Frame& f);
// The next frame, of the expected type; an error frame from the peer becomes its error.
Result<Frame> receive_frame(TlsLink& link, std::uint8_t type);
// A frame of the expected type as JSON; an error frame from the peer becomes its error.
Result<nlohmann::json> receive_json(TlsLink& link, std::uint8_t type);
Status send_error(TlsLink& link, const Error& e);
Error error_from(const Frame& f, const std::string& peer);

// A content hash as 32 hex digits, and back.
std::string hash_hex(const std::array<std::uint8_t, 16>& h);
std::array<std::uint8_t, 16> hash_from_hex(const std::string& s);

void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v);
std::uint64_t get_u64(const std::uint8_t* p);

} // namespace tl::agent
