#pragma once
// The unit handed from a session's reader thread to its drive's multiplexer: a run of the
// stream's bytes, where object headers start in it, and the files whose last byte it holds.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "job/catalog_records.h"

namespace tl::job {

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

    void clear() {
        size = consumed = 0;
        boundaries.clear();
        completed.clear();
        last = false;
        sealed_unit = 0;
        tags.clear();
        seal_failed = false;
    }
    std::size_t free() const { return capacity - size; }
};

} // namespace tl::job
