#pragma once
// Query parameters of the API's read routes, read one way for all of them.
#include <cstdint>
#include <optional>
#include <string>

#include "common/result.h"

namespace httplib {
struct Request;
}

namespace tl::service {

// A query parameter as a count: absent gives `fallback`; bad input is InvalidArgument naming it.
Result<std::int64_t> count_param(const httplib::Request& req, const char* name,
                                 std::int64_t fallback);

// Decimal digits only, the whole text, within 0..INT64_MAX (no clamping, no sign, no NUL).
std::optional<std::int64_t> whole_number(const std::string& text);

} // namespace tl::service
