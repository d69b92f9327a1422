#pragma once
// Small file helpers for the key store: private (0600) files created exclusively, read whole.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/result.h"

namespace tl::crypto {

// Creates `path` with mode 0600 (O_EXCL: AlreadyExists when it is there), writes `text`,
// fsyncs. On failure nothing is left behind.
Status write_private_file(const std::string& path, const std::string& text);
Result<std::string> read_small_file(const std::string& path);
std::string to_hex(const std::uint8_t* p, std::size_t n);
// False when `hex` is not exactly 2*n hex digits.
bool from_hex(const std::string& hex, std::uint8_t* out, std::size_t n);

} // namespace tl::crypto
