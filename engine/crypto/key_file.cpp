#include "crypto/key_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace tl::crypto {

Status write_private_file(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        const int e = errno;
        if (e == EEXIST)
            return make_error(ErrorKind::AlreadyExists,
                              path + " exists already and is not overwritten; give another file "
                                     "or move that one away");
        return make_error(ErrorKind::Io, path + ": " + std::strerror(e));
    }
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int e = errno;
            ::close(fd);
            ::unlink(path.c_str());
            return make_error(ErrorKind::Io, path + ": " + std::strerror(e));
        }
        done += static_cast<std::size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    if (::close(fd) != 0 || !synced) {
        ::unlink(path.c_str());
        return make_error(ErrorKind::Io, path + ": could not be written to disk");
    }
    return {};
}

Result<std::string> read_small_file(const std::string& path) {
    if (::access(path.c_str(), F_OK) != 0)
        return make_error(ErrorKind::NotFound, path + ": no such file");
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(ErrorKind::Io, path + ": cannot be read");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string to_hex(const std::uint8_t* p, std::size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    out.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[p[i] >> 4];
        out += digits[p[i] & 15];
    }
    return out;
}

bool from_hex(const std::string& hex, std::uint8_t* out, std::size_t n) {
    if (hex.size() != 2 * n) return false;
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
    }
    return true;
}

} // namespace tl::crypto
