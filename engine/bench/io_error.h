#pragma once
// The error of a failed system call on a bench file: what was tried, the path and errno's text.
#include <cerrno>
#include <cstring>
#include <string>

#include "common/result.h"

namespace tl::bench {

inline Error io_error(const std::string& what, const std::string& path) {
    return make_error(ErrorKind::Io, what + " " + path + ": " + std::strerror(errno));
}

} // namespace tl::bench
