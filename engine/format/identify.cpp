#include "format/identify.h"

#include <cstring>

#include "format/constants.h"

namespace tl::format {
namespace {
bool at(const std::uint8_t* p, std::size_t n, std::size_t off, const char* magic) {
    const std::size_t len = std::strlen(magic);
    return n >= off + len && std::memcmp(p + off, magic, len) == 0;
}
} // namespace

const char* to_string(MediaKind kind) {
    switch (kind) {
    case MediaKind::Blank:
        return "blank";
    case MediaKind::Tapeloom:
        return "tapeloom";
    case MediaKind::Bacula:
        return "bacula";
    case MediaKind::Tar:
        return "tar";
    case MediaKind::Ltfs:
        return "ltfs";
    case MediaKind::Unknown:
        return "unknown";
    }
    return "unknown";
}

const char* describe(MediaKind kind) {
    switch (kind) {
    case MediaKind::Blank:
        return "a blank volume";
    case MediaKind::Tapeloom:
        return "a Tapeloom volume";
    case MediaKind::Bacula:
        return "a Bacula/Bareos volume";
    case MediaKind::Tar:
        return "a tar archive";
    case MediaKind::Ltfs:
        return "an LTFS volume";
    case MediaKind::Unknown:
        return "data of an unknown format";
    }
    return "data of an unknown format";
}

MediaKind identify(const std::uint8_t* p, std::size_t n) {
    if (n == 0 || p == nullptr) return MediaKind::Blank;
    if (n >= sizeof kLabelMagic && std::memcmp(p, kLabelMagic, sizeof kLabelMagic) == 0)
        return MediaKind::Tapeloom;
    if (at(p, n, 0, "VOL1")) return MediaKind::Ltfs;
    if (at(p, n, 12, "BB02") || at(p, n, 12, "BB01")) return MediaKind::Bacula;
    if (at(p, n, 257, "ustar")) return MediaKind::Tar;
    return MediaKind::Unknown;
}

} // namespace tl::format
