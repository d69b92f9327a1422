#include <algorithm>
#include <cctype>
#include <charconv>

#include "codec/compressor.h"

namespace tl::codec {

const char* to_string(Codec codec) {
    switch (codec) {
    case Codec::None:
        return "none";
    case Codec::Lz4:
        return "lz4";
    case Codec::Zstd:
        return "zstd";
    case Codec::Gzip:
        return "gzip";
    }
    return "unknown";
}

bool is_known_codec(std::uint8_t id) {
    return id <= static_cast<std::uint8_t>(Codec::Gzip);
}

std::string CodecSpec::str() const {
    std::string s = to_string(codec);
    if (level > 0) s += ":" + std::to_string(level);
    return s;
}

Result<CodecSpec> parse_codec_spec(std::string_view text) {
    std::string t(text);
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto unknown = [&] {
        return make_error(ErrorKind::InvalidArgument,
                          "compression '" + std::string(text) +
                              "' is unknown; use none, lz4, zstd[:1-19] or gzip[:1-9]");
    };
    const auto colon = t.find(':');
    const std::string name = t.substr(0, colon);
    CodecSpec spec;
    int max_level = 0;
    if (name == "none")
        spec.codec = Codec::None;
    else if (name == "lz4")
        spec.codec = Codec::Lz4;
    else if (name == "zstd")
        spec.codec = Codec::Zstd, max_level = 19;
    else if (name == "gzip")
        spec.codec = Codec::Gzip, max_level = 9;
    else
        return unknown();
    if (colon == std::string::npos) return spec;

    const std::string lv = t.substr(colon + 1);
    if (max_level == 0)
        return make_error(ErrorKind::InvalidArgument,
                          "compression '" + std::string(text) + "': " + name + " takes no level");
    int level = 0;
    const auto [end, ec] = std::from_chars(lv.data(), lv.data() + lv.size(), level);
    if (lv.empty() || ec != std::errc{} || end != lv.data() + lv.size() || level < 1 ||
        level > max_level)
        return make_error(ErrorKind::InvalidArgument,
                          "compression '" + std::string(text) + "': level must be 1-" +
                              std::to_string(max_level) + " for " + name);
    spec.level = level;
    return spec;
}

} // namespace tl::codec
