#pragma once
// Little-endian field-by-field encoding (docs/format.md §1). Structures are never memcpy'd:
// each field is written and read explicitly, so the layout is the documented one on every
// compiler and host. Header-only; the readers never read past their bounds.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace tl::format {

inline void store_u16(std::uint8_t* p, std::uint16_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
}
inline void store_u32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline void store_u64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline std::uint16_t load_u16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::uint32_t load_u32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}
inline std::uint64_t load_u64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// Appends fields to a growing byte vector.
class ByteWriter {
public:
    explicit ByteWriter(std::vector<std::uint8_t>& out) : out_(out) {}
    std::size_t size() const { return out_.size(); }
    void u8(std::uint8_t v) { out_.push_back(v); }
    void u16(std::uint16_t v) {
        std::uint8_t b[2];
        store_u16(b, v);
        put(b, 2);
    }
    void u32(std::uint32_t v) {
        std::uint8_t b[4];
        store_u32(b, v);
        put(b, 4);
    }
    void u64(std::uint64_t v) {
        std::uint8_t b[8];
        store_u64(b, v);
        put(b, 8);
    }
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    void raw(const void* p, std::size_t n) {
        if (n) put(static_cast<const std::uint8_t*>(p), n);
    }
    void zeros(std::size_t n) { out_.resize(out_.size() + n, 0); }
    // A string: u32 byte length, then the bytes (UTF-8 by convention; not validated so that
    // file names that are not UTF-8 still round-trip).
    void str(std::string_view s) {
        u32(static_cast<std::uint32_t>(s.size()));
        raw(s.data(), s.size());
    }
    // Overwrites a u32 written earlier (e.g. a total length known only at the end).
    void patch_u32(std::size_t at, std::uint32_t v) { store_u32(out_.data() + at, v); }

private:
    // Appended as a range: a resize zero-filled each field first, through an out-of-line call
    // per field, in every object header a backup encodes (issue 17).
    void put(const std::uint8_t* p, std::size_t n) { out_.insert(out_.end(), p, p + n); }
    std::vector<std::uint8_t>& out_;
};

// Reads fields from a bounded range. A read past the end returns zero and marks the reader
// failed; decoders read everything, then check ok() once and report error().
class ByteReader {
public:
    ByteReader(const std::uint8_t* p, std::size_t n, std::string what)
        : p_(p), n_(n), what_(std::move(what)) {}
    bool ok() const { return ok_; }
    std::size_t pos() const { return pos_; }
    std::size_t remaining() const { return n_ - pos_; }
    void seek(std::size_t pos) {
        if (pos > n_)
            fail(pos - n_);
        else
            pos_ = pos;
    }
    std::uint8_t u8() { return take(1) ? p_[pos_ - 1] : 0; }
    std::uint16_t u16() { return take(2) ? load_u16(p_ + pos_ - 2) : 0; }
    std::uint32_t u32() { return take(4) ? load_u32(p_ + pos_ - 4) : 0; }
    std::uint64_t u64() { return take(8) ? load_u64(p_ + pos_ - 8) : 0; }
    std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
    void raw(void* out, std::size_t n) {
        if (take(n) && n) std::memcpy(out, p_ + pos_ - n, n);
    }
    std::string str() {
        const std::uint32_t len = u32();
        if (!take(len)) return {};
        return std::string(reinterpret_cast<const char*>(p_ + pos_ - len), len);
    }
    // Corrupt error naming the structure; use when !ok().
    Error error() const {
        return make_error(ErrorKind::Corrupt, what_ + ": truncated (a field runs past its " +
                                                  std::to_string(n_) + "-byte record)");
    }
    const std::string& what() const { return what_; }

private:
    bool take(std::size_t n) {
        if (!ok_ || n > n_ - pos_) {
            fail(n);
            return false;
        }
        pos_ += n;
        return true;
    }
    void fail(std::size_t) {
        ok_ = false;
        pos_ = n_;
    }
    const std::uint8_t* p_;
    std::size_t n_;
    std::size_t pos_ = 0;
    bool ok_ = true;
    std::string what_;
};

} // namespace tl::format
