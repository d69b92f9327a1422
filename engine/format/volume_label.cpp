#include "format/volume_label.h"

#include <cstring>

#include "codec/crc32c.h"
#include "format/bytes.h"
#include "format/constants.h"
#include "format/identify.h"

namespace tl::format {
namespace {

// Layout (docs/format.md §2.1): 0 magic[8], 8 u16 label version, 10 u16 format version,
// 12 u32 used_len, 16 uuid[16], 32 u32 block_size, 36 u32 reserved, 40 i64 label_time,
// 48 strings (barcode, pool, media_type, host, engine_version), then the text copy as a
// string; zeros up to 65532; 65532 u32 crc32c of bytes [0, 65532).
constexpr std::size_t kCrcOffset = kLabelSize - 4;
constexpr std::size_t kMaxLabelString = 4096;

std::string cut(const std::string& s) {
    return s.size() > kMaxLabelString ? s.substr(0, kMaxLabelString) : s;
}

} // namespace

std::string label_text(const VolumeLabel& l) {
    std::string t;
    const auto kv = [&](const char* k, const std::string& v) {
        t += std::string(k) + "=" + v + "\n";
    };
    kv("format", "tapeloom-volume");
    kv("format_version", std::to_string(l.format_version));
    kv("volume_uuid", l.volume_uuid.str());
    kv("barcode", cut(l.barcode));
    kv("pool", cut(l.pool));
    kv("media_type", cut(l.media_type));
    kv("block_size", std::to_string(l.block_size));
    kv("label_time", std::to_string(l.label_time));
    kv("host", cut(l.host));
    kv("engine_version", cut(l.engine_version));
    return t;
}

std::vector<std::uint8_t> encode_label(const VolumeLabel& l) {
    std::vector<std::uint8_t> out;
    out.reserve(kLabelSize);
    ByteWriter w(out);
    w.raw(kLabelMagic, sizeof kLabelMagic);
    w.u16(kLabelVersion);
    w.u16(l.format_version);
    w.u32(0); // used_len, patched below
    w.raw(l.volume_uuid.bytes.data(), 16);
    w.u32(l.block_size);
    w.u32(0);
    w.i64(l.label_time);
    w.str(cut(l.barcode));
    w.str(cut(l.pool));
    w.str(cut(l.media_type));
    w.str(cut(l.host));
    w.str(cut(l.engine_version));
    w.str(label_text(l));
    w.patch_u32(12, static_cast<std::uint32_t>(out.size()));
    out.resize(kLabelSize, 0);
    store_u32(out.data() + kCrcOffset, codec::crc32c(out.data(), kCrcOffset));
    return out;
}

Result<VolumeLabel> decode_label(const std::uint8_t* data, std::size_t n) {
    const MediaKind kind = identify(data, n);
    if (kind != MediaKind::Tapeloom)
        return make_error(ErrorKind::Foreign,
                          std::string("not a Tapeloom volume label: the first block is ") +
                              describe(kind));
    if (n != kLabelSize)
        return make_error(ErrorKind::Corrupt, "volume label block has " + std::to_string(n) +
                                                  " bytes, expected " + std::to_string(kLabelSize));
    const std::uint32_t stored = load_u32(data + kCrcOffset);
    const std::uint32_t crc = codec::crc32c(data, kCrcOffset);
    if (stored != crc)
        return make_error(ErrorKind::Corrupt, "volume label CRC32C mismatch (stored " +
                                                  std::to_string(stored) + ", computed " +
                                                  std::to_string(crc) + ")");
    ByteReader r(data, kCrcOffset, "volume label");
    r.seek(sizeof kLabelMagic);
    const std::uint16_t version = r.u16();
    VolumeLabel l;
    l.format_version = r.u16();
    if (version != kLabelVersion || l.format_version > kFormatVersion)
        return make_error(ErrorKind::Unsupported,
                          "volume label version " + std::to_string(version) + ", format " +
                              std::to_string(l.format_version) +
                              " is newer than this build reads (label 1, format " +
                              std::to_string(kFormatVersion) + ")");
    const std::uint32_t used = r.u32();
    r.raw(l.volume_uuid.bytes.data(), 16);
    l.block_size = r.u32();
    r.u32();
    l.label_time = r.i64();
    l.barcode = r.str();
    l.pool = r.str();
    l.media_type = r.str();
    l.host = r.str();
    l.engine_version = r.str();
    r.str(); // the text copy is for humans; the binary fields are authoritative
    if (!r.ok()) return r.error();
    if (used != r.pos())
        return make_error(ErrorKind::Corrupt, "volume label: used length " + std::to_string(used) +
                                                  " does not match its fields (" +
                                                  std::to_string(r.pos()) + ")");
    return l;
}

} // namespace tl::format
