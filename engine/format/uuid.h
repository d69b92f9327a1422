#pragma once
// A 128-bit identifier (RFC 4122 version 4, random) for volumes and sessions. Stored on the
// media as its 16 bytes in order.
#include <array>
#include <cstdint>
#include <string>

#include "common/result.h"

namespace tl::format {

struct Uuid {
    std::array<std::uint8_t, 16> bytes{};

    static Uuid random();                               // v4, from std::random_device; thread-safe
    static Result<Uuid> parse(const std::string& text); // "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
    std::string str() const;                            // lowercase, dashed
    bool is_nil() const;
    friend bool operator==(const Uuid&, const Uuid&) = default;
};

} // namespace tl::format
