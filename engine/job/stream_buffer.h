#pragma once
// The unit handed from a session's reader thread to its drive's multiplexer: a run of the
// stream's bytes, where object headers start in it, and the files whose last byte it holds.
#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "common/io_buffer.h"
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

// Frees a buffer's bytes: a plain array, or an aligned block whose first `headroom` bytes lie
// before the data.
struct StreamBytesFree {
    std::size_t headroom = 0;
    bool in_block = false;
    void operator()(std::uint8_t* p) const noexcept {
        if (in_block)
            IoFree{}(p - headroom);
        else
            delete[] p;
    }
};

struct StreamBuffer {
    explicit StreamBuffer(std::size_t cap)
        : data(new std::uint8_t[cap], StreamBytesFree{}), capacity(cap) {}
    // Laid out as a tape block (job/drive_worker.h): the data starts `headroom` bytes into an
    // aligned block of headroom + cap bytes, where a block's header and one chunk header fit,
    // so a full buffer becomes its block by exchanging storage with the drive, not by a copy.
    StreamBuffer(std::size_t cap, std::size_t headroom)
        : data(make_io_block(headroom + cap).release() + headroom, StreamBytesFree{headroom, true}),
          capacity(cap), block_headroom(headroom) {}
    std::unique_ptr<std::uint8_t[], StreamBytesFree> data;
    std::size_t capacity;
    std::size_t block_headroom = 0; // 0: a plain buffer
    // A block-shaped buffer: the CRC32C of data[0, size), kept by its producer while the bytes
    // are in its core's cache; the block's CRC is joined from it (format/block_builder.h).
    std::uint32_t crc = 0;
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
        crc = 0;
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
    // A block-shaped buffer: its whole block (headroom + capacity bytes) changes places with
    // `block`, an aligned buffer of the same size, whose bytes become this buffer's storage.
    void swap_block(IoBlock& block) {
        std::uint8_t* mine = data.release() - block_headroom;
        data.reset(block.release() + block_headroom);
        block.reset(mine);
    }
};

} // namespace tl::job
