#pragma once
// Whole-number arguments (job and save set ids, drive and session counts) read one way
// everywhere: decimal digits only, within the range the option allows, never silently clamped
// (an id beyond 64 bits is refused, not read as INT64_MAX). Errors are InvalidArgument (exit 2)
// and name the option and the accepted range.
#include <cstdint>
#include <string>

#include "args.h"
#include "common/result.h"

namespace tl::cli {

// `text` as a whole number in [min, max]; `what` names it in the error (e.g. "--drives").
Result<std::int64_t> whole_number(const std::string& what, const std::string& text,
                                  std::int64_t min, std::int64_t max);

// An id (job, save set): a whole number from 1 up.
Result<std::int64_t> parse_id(const std::string& what, const std::string& text);

// The value of option --name in [min, max], or `fallback` when the option is absent.
Result<std::int64_t> count_option(const Args& a, const char* name, std::int64_t min,
                                  std::int64_t max, std::int64_t fallback);

} // namespace tl::cli
