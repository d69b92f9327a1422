#pragma once
// Compression of data frames (docs/format.md §6.3). A frame is compressed on its own, so any
// frame can be decoded without the frames before it; contexts are reused across frames
// because this runs on the data path (hundreds of MB/s per core).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/result.h"

namespace tl::codec {

// On-media codec ids (one byte in frames and stream tables). Never renumber.
enum class Codec : std::uint8_t { None = 0, Lz4 = 1, Zstd = 2, Gzip = 3 };

const char* to_string(Codec codec); // "none", "lz4", "zstd", "gzip"
bool is_known_codec(std::uint8_t id);

struct CodecSpec {
    Codec codec = Codec::None;
    int level = 0;           // 0 = the codec's default (zstd 3, gzip 6); lz4 has no level
    std::string str() const; // "zstd:9", "lz4", "none"
    friend bool operator==(const CodecSpec&, const CodecSpec&) = default;
};

// Parses "none", "lz4", "zstd", "zstd:1".."zstd:19", "gzip", "gzip:1".."gzip:9"
// (case-insensitive). InvalidArgument with a message listing the valid forms.
Result<CodecSpec> parse_codec_spec(std::string_view text);

// Compresses frames with one codec. Holds its context (ZSTD_CCtx, deflate state, LZ4 state),
// so keep one per worker thread and reuse it. Not thread-safe.
class Compressor final {
public:
    explicit Compressor(CodecSpec spec = {});
    ~Compressor();
    Compressor(const Compressor&) = delete;
    Compressor& operator=(const Compressor&) = delete;

    const CodecSpec& spec() const { return spec_; }

    // Compresses n bytes at `in` into `out` (cap bytes). Returns the compressed size, or 0
    // when the result would not be smaller than n (the caller then stores the frame raw with
    // codec None). Codec None always returns 0. An error only for a library failure (Internal).
    Result<std::size_t> compress(const void* in, std::size_t n, void* out, std::size_t cap);

    // Output capacity that never makes compress() give up for lack of room: any cap >= n - 1
    // is enough for the "must be smaller" rule, so bound(n) == n.
    static std::size_t bound(std::size_t n) { return n; }

private:
    struct Impl;
    CodecSpec spec_;
    std::unique_ptr<Impl> impl_;
};

// Decompresses frames of any codec; holds reusable contexts. Not thread-safe.
class Decompressor final {
public:
    Decompressor();
    ~Decompressor();
    Decompressor(const Decompressor&) = delete;
    Decompressor& operator=(const Decompressor&) = delete;

    // Decodes n bytes at `in` into exactly `expected_n` bytes at `out`. Codec None copies.
    // Corrupt when the data does not decode or decodes to another length.
    Result<std::size_t> decompress(Codec codec, const void* in, std::size_t n, void* out,
                                   std::size_t expected_n);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Convenience: decompress with a per-thread Decompressor.
Result<std::size_t> decompress(Codec codec, const void* in, std::size_t n, void* out,
                               std::size_t expected_n);

} // namespace tl::codec
