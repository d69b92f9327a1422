#include "service/query_params.h"

#include <charconv>
#include <cstdint>
#include <string>

#include <httplib.h>

namespace tl::service {

Result<std::int64_t> count_param(const httplib::Request& req, const char* name,
                                 std::int64_t fallback) {
    if (!req.has_param(name)) return fallback;
    const std::string v = req.get_param_value(name);
    const auto n = whole_number(v);
    if (!n)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("?") + name + "= takes a count (0 to " +
                              std::to_string(INT64_MAX) + "), not '" + v + "'");
    return *n;
}

std::optional<std::int64_t> whole_number(const std::string& text) {
    std::int64_t n = 0;
    const char* const end = text.data() + text.size();
    const auto [at, ec] = std::from_chars(text.data(), end, n);
    if (text.empty() || ec != std::errc() || at != end || n < 0) return std::nullopt;
    return n;
}

} // namespace tl::service
