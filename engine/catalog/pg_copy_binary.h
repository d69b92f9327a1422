#pragma once
// Rows in PostgreSQL's binary COPY format (COPY ... FROM STDIN (FORMAT binary)): per row a
// 16-bit field count, per field a 32-bit length (-1 for NULL) and its bytes, integers in network
// byte order. The server stores such a row without parsing text: no number parsing, no bytea
// hex decoding. PgConn::copy_rows adds the format's header and trailer. Each BIGINT column takes
// add_i64 (int8's binary form), each BYTEA column add_bytes.
#include <cstddef>
#include <cstdint>
#include <string>

namespace tl::catalog {

class PgBinaryRows {
public:
    void begin_row(std::uint16_t fields);
    void add_i64(std::int64_t v);
    void add_bytes(const void* data, std::size_t n);
    void add_null();

    const std::string& data() const { return data_; }
    bool empty() const { return data_.empty(); }
    std::size_t size() const { return data_.size(); }
    void reserve(std::size_t bytes) { data_.reserve(bytes); }
    void clear() { data_.clear(); } // keeps the capacity

    // The format's 19-byte header (signature, flags, extension length) and its trailer.
    static std::string header();
    static std::string trailer();

private:
    void put_u16(std::uint16_t v);
    void put_u32(std::uint32_t v);

    std::string data_;
};

} // namespace tl::catalog
