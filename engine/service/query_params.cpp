#include "service/query_params.h"

#include <cstdlib>
#include <string>

#include <httplib.h>

namespace tl::service {

Result<std::int64_t> count_param(const httplib::Request& req, const char* name,
                                 std::int64_t fallback) {
    if (!req.has_param(name)) return fallback;
    const std::string v = req.get_param_value(name);
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 0)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("?") + name + "= takes a count (0 or more), not '" + v + "'");
    return static_cast<std::int64_t>(n);
}

} // namespace tl::service
