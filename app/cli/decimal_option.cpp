#include "decimal_option.h"

#include <string>

#include "common/units.h"

namespace tl::cli {

Result<double> decimal_option(const Args& a, const char* name, std::optional<double> fallback) {
    if (!a.has(name)) {
        if (fallback) return *fallback;
        return make_error(ErrorKind::InvalidArgument, std::string("this command needs --") + name);
    }
    auto v = parse_decimal(a.get(name));
    if (!v)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + ": " + v.error().message);
    return v.value();
}

} // namespace tl::cli
