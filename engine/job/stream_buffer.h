#pragma once
// The unit handed from a session's reader thread to its drive's multiplexer: a run of the
// stream's bytes, where object headers start in it, and the files whose last byte it holds.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "job/catalog_records.h"

namespace tl::job {

// A chunk copied from another session still sealed (a clone made without decrypting,
// docs/format.md §3.4): its ciphertext lies in the buffer's data; the header fields its tag
// authenticates travel with it and are written as they were.
struct CopiedChunk {
    std::uint32_t length = 0; // ciphertext bytes in data (the tag not counted)
    std::uint16_t flags = 0;  // STREAM_BEGIN / STREAM_END, without SEALED
    std::uint32_t first_boundary = 0;
    std::array<std::uint8_t, 16> tag{};
};

struct StreamBuffer {
    explicit StreamBuffer(std::size_t cap) : data(new std::uint8_t[cap]), capacity(cap) {}
    std::unique_ptr<std::uint8_t[]> data;
    std::size_t capacity;
    std::size_t size = 0;                  // bytes filled
    std::size_t consumed = 0;              // bytes already placed into blocks (multiplexer side)
    std::uint64_t offset = 0;              // stream offset of data[0]
    std::vector<std::uint64_t> boundaries; // stream offsets of object headers, ascending
    std::vector<FileRecord> completed;     // files complete once this buffer is on media
    bool last = false;                     // the stream ends with this buffer
    // Sealed by its producer (job/chunk_sealer.h): units of `sealed_unit` bytes from data[0],
    // each encrypted in place, with its tag in `tags`; 0 = clear bytes.
    std::size_t sealed_unit = 0;
    std::vector<std::array<std::uint8_t, 16>> tags;
    bool seal_failed = false; // the crypto library failed: the bytes are zeroed
    // Copied sealed, chunk by chunk, from data[0] (empty: not a copy); copied_next is the
    // next one the multiplexer places.
    std::vector<CopiedChunk> copied;
    std::size_t copied_next = 0;

    void clear() {
        size = consumed = 0;
        boundaries.clear();
        completed.clear();
        last = false;
        sealed_unit = 0;
        tags.clear();
        seal_failed = false;
        copied.clear();
        copied_next = 0;
    }
    std::size_t free() const { return capacity - size; }
};

} // namespace tl::job
