#pragma once
// UTF-8 as Linux names meet it: a name is bytes, and only some of them are valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tl {

// The length (1..4) of the valid UTF-8 sequence at `text[at]`, its code point in `*cp` when
// given; 0 when the bytes there are none (a stray or cut byte, an overlong form, a surrogate,
// a value above U+10FFFF).
std::size_t utf8_sequence(std::string_view text, std::size_t at, std::uint32_t* cp = nullptr);

bool is_utf8(std::string_view text);

} // namespace tl
