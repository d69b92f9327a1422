#include "format/record.h"

#include <cstring>

namespace tl::format {

std::size_t begin_record(ByteWriter& w, const char (&magic)[4]) {
    const std::size_t start = w.size();
    w.raw(magic, 4);
    w.u16(kRecordVersion);
    w.u16(0);
    w.u32(0);
    return start;
}

void end_record(ByteWriter& w, std::size_t start) {
    w.patch_u32(start + 8, static_cast<std::uint32_t>(w.size() - start));
}

Result<RecordPreamble> read_preamble(const std::uint8_t* p, std::size_t n) {
    if (n < kRecordPreambleSize)
        return make_error(ErrorKind::Corrupt,
                          "record of " + std::to_string(n) + " bytes is shorter than its preamble");
    RecordPreamble pre;
    std::memcpy(pre.magic, p, 4);
    pre.version = load_u16(p + 4);
    pre.total_len = load_u32(p + 8);
    if (pre.total_len < kRecordPreambleSize || pre.total_len > kMaxRecordSize)
        return make_error(ErrorKind::Corrupt, "record '" + std::string(pre.magic, 4) +
                                                  "' has an impossible length " +
                                                  std::to_string(pre.total_len));
    return pre;
}

Result<ByteReader> open_record(const std::uint8_t* p, std::size_t n, const char (&magic)[4],
                               const std::string& what) {
    if (n < kRecordPreambleSize || std::memcmp(p, magic, 4) != 0)
        return make_error(ErrorKind::Corrupt,
                          what + ": missing magic '" + std::string(magic, 4) + "'");
    auto pre = read_preamble(p, n);
    if (!pre) return make_error(ErrorKind::Corrupt, what + ": " + pre.error().message);
    if (pre->version != kRecordVersion)
        return make_error(ErrorKind::Unsupported,
                          what + " has version " + std::to_string(pre->version) +
                              "; this build reads version " + std::to_string(kRecordVersion));
    if (pre->total_len > n)
        return make_error(ErrorKind::Corrupt, what + ": record of " +
                                                  std::to_string(pre->total_len) +
                                                  " bytes is truncated to " + std::to_string(n));
    ByteReader r(p, pre->total_len, what);
    r.seek(kRecordPreambleSize);
    return r;
}

} // namespace tl::format
