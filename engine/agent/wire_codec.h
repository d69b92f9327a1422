#pragma once
// The binary coding of the agent link's per-file records (docs/agent.md "Wire protocol",
// protocol 2): unsigned integers as LEB128 varints, signed ones zigzag-coded, byte strings as a
// varint length and the bytes as they are (names need not be UTF-8). A WireReader never reads
// past its end: the first field that does not fit stops it, and what() names that field and
// where it stood, for the error that refuses the frame.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tl::agent {

class WireWriter {
public:
    explicit WireWriter(std::vector<std::uint8_t>& out) : out_(out) {}
    void u8(std::uint8_t v) { out_.push_back(v); }
    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            out_.push_back(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        out_.push_back(static_cast<std::uint8_t>(v));
    }
    void zigzag(std::int64_t v) {
        varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
    }
    void bytes(std::string_view s) {
        varint(s.size());
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void raw(const std::uint8_t* p, std::size_t n) { out_.insert(out_.end(), p, p + n); }

private:
    std::vector<std::uint8_t>& out_;
};

class WireReader {
public:
    WireReader(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}

    bool u8(std::uint8_t& v, const char* field);
    bool varint(std::uint64_t& v, const char* field);
    bool zigzag(std::int64_t& v, const char* field);
    bool u32(std::uint32_t& v, const char* field); // a varint that must fit 32 bits
    bool integer(int& v, const char* field);       // a zigzag varint that must fit an int
    bool bytes(std::string& s, const char* field);
    bool raw(std::uint8_t* to, std::size_t n, const char* field);

    std::size_t left() const { return n_ - at_; }
    bool ok() const { return what_.empty(); }
    // Why reading stopped: "field F at byte I of N: ...".
    const std::string& what() const { return what_; }

private:
    bool fail(const char* field, const char* why);
    const std::uint8_t* p_;
    std::size_t n_, at_ = 0;
    std::string what_;
};

} // namespace tl::agent
