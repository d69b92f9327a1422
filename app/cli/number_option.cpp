#include "number_option.h"

#include <cerrno>
#include <cstdlib>
#include <limits>

namespace tl::cli {

Result<std::int64_t> whole_number(const std::string& what, const std::string& text,
                                  std::int64_t min, std::int64_t max) {
    const std::size_t first = !text.empty() && text[0] == '-' ? 1 : 0;
    const bool digits =
        text.size() > first && text.find_first_not_of("0123456789", first) == std::string::npos;
    errno = 0;
    const long long v = digits ? std::strtoll(text.c_str(), nullptr, 10) : 0;
    std::string range = "from " + std::to_string(min);
    if (max < std::numeric_limits<std::int64_t>::max()) range += " to " + std::to_string(max);
    if (!digits || errno == ERANGE || v < min || v > max)
        return make_error(ErrorKind::InvalidArgument,
                          what + " takes a whole number " + range + ", not '" + text + "'");
    return static_cast<std::int64_t>(v);
}

Result<std::int64_t> parse_id(const std::string& what, const std::string& text) {
    return whole_number(what, text, 1, std::numeric_limits<std::int64_t>::max());
}

Result<std::int64_t> count_option(const Args& a, const char* name, std::int64_t min,
                                  std::int64_t max, std::int64_t fallback) {
    if (!a.has(name)) return fallback;
    return whole_number(std::string("--") + name, a.get(name), min, max);
}

} // namespace tl::cli
