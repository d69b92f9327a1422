#pragma once
// Sizes and rates as administrators type them: "256K", "2M", "4G", "4.5M" (binary multiples
// for sizes, 1 KiB = 1024 bytes; MB/s in reports is decimal, 10^6 bytes, as drives are rated).
#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.h"

namespace tl {

// Parses "123", "64K", "256KiB", "2M", "4G", "1T" (case-insensitive). Fractions allowed ("4.5M").
Result<std::uint64_t> parse_size(std::string_view text);
// Decimal rates and sizes as drive datasheets write them: "11M", "4.5MB/s", "160M", "8M"
// (K = 10^3, M = 10^6, G = 10^9, T = 10^12; a trailing "B", "/s" or "B/s" is accepted).
Result<double> parse_decimal(const std::string& text);
// Parses a duration: "500ms", "1s", "2m", "1h", "30" (seconds).
Result<double> parse_seconds(std::string_view text);

std::string format_bytes(std::uint64_t bytes);    // "1.5 GiB"
std::string format_rate(double bytes_per_second); // "123.4 MB/s" (decimal)

} // namespace tl
