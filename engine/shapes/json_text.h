#pragma once
// JSON text written straight into a string, for the large answers whose documents would cost more
// to build than to send (GET /v1/jobs: job_json.h). The text is what nlohmann::json's dump() of
// the same values gives with error_handler_t::replace, byte for byte.
#include <cstdint>
#include <string>
#include <string_view>

namespace tl::shapes {

// `s` as a JSON string, quoted and escaped; bytes that are no UTF-8 become U+FFFD.
void append_json_string(std::string& out, std::string_view s);
// A finite double as dump() writes it (shortest round trip, ".0" on a whole number); null when
// it is not finite.
void append_json_number(std::string& out, double v);
void append_json_number(std::string& out, std::int64_t v);
void append_json_number(std::string& out, std::uint64_t v);
// A path as path_json() gives it (common/path_json.h): a string, or {"hex": ...} when it is no
// UTF-8.
void append_json_path(std::string& out, const std::string& path);

} // namespace tl::shapes
