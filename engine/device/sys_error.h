#pragma once
// The error of a failed system call on a file of the device layer: what was tried, the path and
// errno's text. One helper for the cartridge and atomic-file code (a unity build joins them).
#include <cerrno>
#include <cstring>
#include <string>

#include "common/result.h"

namespace tl::device {

inline Error sys_error(const std::string& what, const std::string& path) {
    return make_error(ErrorKind::Io, what + " " + path + ": " + std::strerror(errno));
}

} // namespace tl::device
