#pragma once
// Decimal quantity options (rates, buffer sizes) as drive datasheets write them: "11M" is
// 11 * 10^6. One parser for `plan` and the `bench` commands so both accept the same spellings
// and word their errors the same way.
#include <optional>

#include "args.h"
#include "common/result.h"

namespace tl::cli {

// The value of --name; `fallback` when absent, or an InvalidArgument error naming the option
// when there is none. 0 is accepted (an unthrottled source); callers refuse it where it makes
// no sense.
Result<double> decimal_option(const Args& a, const char* name, std::optional<double> fallback);

} // namespace tl::cli
