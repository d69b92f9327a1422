#include "agent/wire_codec.h"

#include <cstring>
#include <limits>

namespace tl::agent {

bool WireReader::fail(const char* field, const char* why) {
    if (what_.empty())
        what_ = std::string("field '") + field + "' at byte " + std::to_string(at_) + " of " +
                std::to_string(n_) + ": " + why;
    return false;
}

bool WireReader::u8(std::uint8_t& v, const char* field) {
    if (!ok()) return false;
    if (left() < 1) return fail(field, "cut off");
    v = p_[at_++];
    return true;
}

bool WireReader::varint(std::uint64_t& v, const char* field) {
    if (!ok()) return false;
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (left() < 1) return fail(field, "cut off");
        const std::uint8_t b = p_[at_++];
        if (shift == 63 && b > 1) return fail(field, "more than 64 bits");
        v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
        if (!(b & 0x80)) return true;
    }
    return fail(field, "more than 64 bits");
}

bool WireReader::zigzag(std::int64_t& v, const char* field) {
    std::uint64_t u = 0;
    if (!varint(u, field)) return false;
    v = static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
    return true;
}

bool WireReader::u32(std::uint32_t& v, const char* field) {
    const std::size_t start = at_;
    std::uint64_t u = 0;
    if (!varint(u, field)) return false;
    if (u > std::numeric_limits<std::uint32_t>::max()) {
        at_ = start;
        return fail(field, "more than 32 bits");
    }
    v = static_cast<std::uint32_t>(u);
    return true;
}

bool WireReader::integer(int& v, const char* field) {
    const std::size_t start = at_;
    std::int64_t s = 0;
    if (!zigzag(s, field)) return false;
    if (s < std::numeric_limits<int>::min() || s > std::numeric_limits<int>::max()) {
        at_ = start;
        return fail(field, "out of range");
    }
    v = static_cast<int>(s);
    return true;
}

bool WireReader::bytes(std::string& s, const char* field) {
    std::uint64_t n = 0;
    if (!varint(n, field)) return false;
    if (n > left()) return fail(field, "longer than what is left");
    s.assign(reinterpret_cast<const char*>(p_ + at_), n);
    at_ += n;
    return true;
}

bool WireReader::raw(std::uint8_t* to, std::size_t n, const char* field) {
    if (!ok()) return false;
    if (n > left()) return fail(field, "cut off");
    std::memcpy(to, p_ + at_, n);
    at_ += n;
    return true;
}

} // namespace tl::agent
