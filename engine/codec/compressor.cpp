#include "codec/compressor.h"

#include <cstring>
#include <vector>

#include <lz4.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

namespace tl::codec {
namespace {

constexpr int kZstdDefaultLevel = 3;
constexpr int kGzipDefaultLevel = 6;
// zlib window bits: 15 = 32 KiB window, +16 = gzip wrapper (header + CRC-32 + size trailer).
constexpr int kGzipWindowBits = 15 + 16;

// zlib counts in uInt; frames are far smaller (≤ 16 MiB) but stay honest about it.
bool fits_uint(std::size_t n) {
    return n <= 0xFFFFFFFFu;
}

} // namespace

struct Compressor::Impl {
    std::vector<char> lz4_state;
    ZSTD_CCtx* zstd = nullptr;
    z_stream z{};
    bool z_init = false;
    ~Impl() {
        if (zstd) ZSTD_freeCCtx(zstd);
        if (z_init) deflateEnd(&z);
    }
};

Compressor::Compressor(CodecSpec spec) : spec_(spec), impl_(std::make_unique<Impl>()) {}
Compressor::~Compressor() = default;

Result<std::size_t> Compressor::compress(const void* in, std::size_t n, void* out,
                                         std::size_t cap) {
    // Output must be strictly smaller than the input to be worth storing compressed.
    const std::size_t limit = std::min(cap, n == 0 ? 0 : n - 1);
    if (limit == 0 || spec_.codec == Codec::None) return std::size_t{0};
    Impl& m = *impl_;
    switch (spec_.codec) {
    case Codec::None:
        return std::size_t{0};
    case Codec::Lz4: {
        if (n > static_cast<std::size_t>(LZ4_MAX_INPUT_SIZE)) return std::size_t{0};
        if (m.lz4_state.empty()) m.lz4_state.resize(static_cast<std::size_t>(LZ4_sizeofState()));
        const int r = LZ4_compress_fast_extState(
            m.lz4_state.data(), static_cast<const char*>(in), static_cast<char*>(out),
            static_cast<int>(n), static_cast<int>(std::min<std::size_t>(limit, LZ4_MAX_INPUT_SIZE)),
            1);
        return static_cast<std::size_t>(r > 0 ? r : 0); // 0: did not fit, store raw
    }
    case Codec::Zstd: {
        if (!m.zstd) m.zstd = ZSTD_createCCtx();
        if (!m.zstd) return make_error(ErrorKind::Internal, "zstd: cannot create a context");
        const int level = spec_.level > 0 ? spec_.level : kZstdDefaultLevel;
        const std::size_t r = ZSTD_compressCCtx(m.zstd, out, limit, in, n, level);
        if (ZSTD_isError(r)) {
            if (ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall) return std::size_t{0};
            return make_error(ErrorKind::Internal,
                              std::string("zstd compression failed: ") + ZSTD_getErrorName(r));
        }
        return r;
    }
    case Codec::Gzip: {
        if (!fits_uint(n)) return std::size_t{0};
        const int level = spec_.level > 0 ? spec_.level : kGzipDefaultLevel;
        if (!m.z_init) {
            if (deflateInit2(&m.z, level, Z_DEFLATED, kGzipWindowBits, 8, Z_DEFAULT_STRATEGY) !=
                Z_OK)
                return make_error(ErrorKind::Internal, "gzip: deflateInit2 failed");
            m.z_init = true;
        } else if (deflateReset(&m.z) != Z_OK) {
            return make_error(ErrorKind::Internal, "gzip: deflateReset failed");
        }
        m.z.next_in = static_cast<Bytef*>(const_cast<void*>(in));
        m.z.avail_in = static_cast<uInt>(n);
        m.z.next_out = static_cast<Bytef*>(out);
        m.z.avail_out = static_cast<uInt>(std::min<std::size_t>(limit, 0xFFFFFFFFu));
        const int r = deflate(&m.z, Z_FINISH);
        if (r == Z_STREAM_END) return static_cast<std::size_t>(m.z.total_out);
        if (r == Z_OK || r == Z_BUF_ERROR) return std::size_t{0}; // out of room: store raw
        return make_error(ErrorKind::Internal,
                          "gzip compression failed (zlib " + std::to_string(r) + ")");
    }
    }
    return std::size_t{0};
}

struct Decompressor::Impl {
    ZSTD_DCtx* zstd = nullptr;
    z_stream z{};
    bool z_init = false;
    ~Impl() {
        if (zstd) ZSTD_freeDCtx(zstd);
        if (z_init) inflateEnd(&z);
    }
};

Decompressor::Decompressor() : impl_(std::make_unique<Impl>()) {}
Decompressor::~Decompressor() = default;

Result<std::size_t> Decompressor::decompress(Codec codec, const void* in, std::size_t n, void* out,
                                             std::size_t expected_n) {
    Impl& m = *impl_;
    const auto wrong_size = [&](std::size_t got) {
        return make_error(ErrorKind::Corrupt, std::string(to_string(codec)) + " frame decoded to " +
                                                  std::to_string(got) + " bytes, expected " +
                                                  std::to_string(expected_n));
    };
    switch (codec) {
    case Codec::None:
        if (n != expected_n) return wrong_size(n);
        if (n) std::memcpy(out, in, n);
        return n;
    case Codec::Lz4: {
        if (n > static_cast<std::size_t>(LZ4_MAX_INPUT_SIZE) ||
            expected_n > static_cast<std::size_t>(LZ4_MAX_INPUT_SIZE))
            return make_error(ErrorKind::Corrupt, "lz4 frame too large");
        const int r = LZ4_decompress_safe(static_cast<const char*>(in), static_cast<char*>(out),
                                          static_cast<int>(n), static_cast<int>(expected_n));
        if (r < 0) return make_error(ErrorKind::Corrupt, "lz4 frame does not decode");
        if (static_cast<std::size_t>(r) != expected_n)
            return wrong_size(static_cast<std::size_t>(r));
        return expected_n;
    }
    case Codec::Zstd: {
        if (!m.zstd) m.zstd = ZSTD_createDCtx();
        if (!m.zstd) return make_error(ErrorKind::Internal, "zstd: cannot create a context");
        const std::size_t r = ZSTD_decompressDCtx(m.zstd, out, expected_n, in, n);
        if (ZSTD_isError(r))
            return make_error(ErrorKind::Corrupt,
                              std::string("zstd frame does not decode: ") + ZSTD_getErrorName(r));
        if (r != expected_n) return wrong_size(r);
        return r;
    }
    case Codec::Gzip: {
        if (!fits_uint(n) || !fits_uint(expected_n))
            return make_error(ErrorKind::Corrupt, "gzip frame too large");
        if (!m.z_init) {
            if (inflateInit2(&m.z, kGzipWindowBits) != Z_OK)
                return make_error(ErrorKind::Internal, "gzip: inflateInit2 failed");
            m.z_init = true;
        } else if (inflateReset(&m.z) != Z_OK) {
            return make_error(ErrorKind::Internal, "gzip: inflateReset failed");
        }
        m.z.next_in = static_cast<Bytef*>(const_cast<void*>(in));
        m.z.avail_in = static_cast<uInt>(n);
        m.z.next_out = static_cast<Bytef*>(out);
        m.z.avail_out = static_cast<uInt>(expected_n);
        const int r = inflate(&m.z, Z_FINISH);
        if (r != Z_STREAM_END) {
            if (r == Z_BUF_ERROR && m.z.avail_out == 0)
                return make_error(ErrorKind::Corrupt, "gzip frame decodes to more than " +
                                                          std::to_string(expected_n) + " bytes");
            return make_error(ErrorKind::Corrupt,
                              "gzip frame does not decode (zlib " + std::to_string(r) + ")");
        }
        if (m.z.total_out != expected_n) return wrong_size(m.z.total_out);
        return expected_n;
    }
    }
    return make_error(ErrorKind::Corrupt,
                      "unknown codec id " + std::to_string(static_cast<int>(codec)));
}

Result<std::size_t> decompress(Codec codec, const void* in, std::size_t n, void* out,
                               std::size_t expected_n) {
    thread_local Decompressor d;
    return d.decompress(codec, in, n, out, expected_n);
}

} // namespace tl::codec
