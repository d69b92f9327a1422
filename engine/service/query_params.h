#pragma once
// Query parameters of the API's read routes, read one way for all of them.
#include <cstdint>

#include "common/result.h"

namespace httplib {
struct Request;
}

namespace tl::service {

// A query parameter as a count: absent gives `fallback`; bad input is InvalidArgument naming it.
Result<std::int64_t> count_param(const httplib::Request& req, const char* name,
                                 std::int64_t fallback);

} // namespace tl::service
