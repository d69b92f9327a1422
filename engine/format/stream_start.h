#pragma once
// Control record "TLSS" (docs/format.md): announces a stream that starts in the middle of a
// tape file, after the session header was written, so a scan knows what the stream reads.
// Carried in the control stream (stream 0) just before the stream's first chunk.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "format/session_header.h"

namespace tl::format {

inline constexpr char kStreamStartMagic[4] = {'T', 'L', 'S', 'S'};

void encode_stream_start(const StreamInfo& s, std::vector<std::uint8_t>& out);
Result<StreamInfo> decode_stream_start(const std::uint8_t* p, std::size_t n);
bool is_stream_start(const std::uint8_t* p, std::size_t n);

} // namespace tl::format
