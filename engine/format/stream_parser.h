#pragma once
// Incremental parser of one stream's byte sequence (docs/format.md §6): it is fed the chunks
// of a stream in order, in pieces of any size (a header, frame or trailer may be split across
// chunks, blocks and volumes), and reports objects, their data (decompressed, with file
// offsets) and their trailers to a sink. Uncompressed data is passed through without copying.
//
// Duplicates: bytes before the expected offset (a block rewritten on the next volume after
// end of medium) are skipped. Gaps: a feed past the expected offset is a Corrupt error; the
// caller then calls resync_at() with the next chunk's first_boundary to continue at the next
// object. Not thread-safe; one parser per stream being read.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "codec/compressor.h"
#include "codec/hash.h"
#include "common/result.h"
#include "format/object.h"

namespace tl::format {

// What the parser computed over an object's data, to compare with its trailer.
struct ObjectCheck {
    std::uint64_t data_length = 0;
    codec::Hash128 hash;    // zero when hashing is off (StreamParser::Options)
    bool length_ok = false; // data_length == trailer.data_length
    bool hash_ok = false;   // hash == trailer.hash (false when hashing is off)
};

// Receives parser events. A non-ok Status stops the parser (it then needs resync_at()).
class StreamSink {
public:
    virtual ~StreamSink() = default;
    virtual Status on_object_header(std::uint64_t stream_offset, const ObjectHeader& header) = 0;
    // Raw data of the current object: `n` bytes at `file_offset` (holes of sparse files are
    // not reported). `data` is valid only during the call.
    virtual Status on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) = 0;
    virtual Status on_object_trailer(const ObjectTrailer& trailer, const ObjectCheck& check) = 0;
};

class StreamParser final {
public:
    struct Options {
        bool decode_data = true; // false: skip data (no decompression, no on_data), e.g. a scan
        bool verify_hash = true; // compute XXH3-128 of the data (needs decode_data)
    };

    // Starts expecting an object header at stream offset 0. `stream_id` names errors.
    StreamParser(StreamSink& sink, std::uint32_t stream_id, Options options);
    StreamParser(StreamSink& sink, std::uint32_t stream_id)
        : StreamParser(sink, stream_id, Options{}) {}

    // Feeds `n` bytes whose first byte is at `stream_offset` in the stream.
    Status feed(std::uint64_t stream_offset, const std::uint8_t* data, std::size_t n);

    // Drops any partial state and expects an object header at `stream_offset`; bytes fed
    // before it are ignored. Use with a chunk's stream_offset + first_boundary.
    void resync_at(std::uint64_t stream_offset);

    // At the end of the stream: Corrupt if it ended inside an object or structure.
    Status finish() const;

    std::uint64_t next_offset() const { return off_; } // the next stream offset expected
    bool between_objects() const { return state_ == State::Header && buf_.empty(); }
    bool in_object() const { return object_.has_value(); }
    const ObjectHeader* current_object() const { return object_ ? &*object_ : nullptr; }

private:
    enum class State { Header, FrameOrTrailer, RawData, PackedData, Skip, Lost };

    Status step(const std::uint8_t*& p, std::size_t& n);
    const std::uint8_t* need(std::size_t want, const std::uint8_t*& p, std::size_t& n);
    void consume(std::size_t size, const std::uint8_t*& p, std::size_t& n);
    Status deliver(const std::uint8_t* data, std::size_t n);
    Status on_header(const std::uint8_t* rec, std::size_t len);
    Status on_trailer(const std::uint8_t* rec, std::size_t len);
    Error corrupt(const std::string& what) const;
    Status fail(Error e);

    StreamSink& sink_;
    std::uint32_t stream_id_;
    Options opt_;
    State state_ = State::Header;
    std::uint64_t off_ = 0; // stream offset of the next input byte not yet taken
    std::uint64_t resync_target_ = 0;
    std::vector<std::uint8_t> buf_; // a structure split across feeds, gathered here
    std::vector<std::uint8_t> out_; // decompressed frame
    std::optional<ObjectHeader> object_;
    std::uint64_t object_offset_ = 0;
    FrameHeader frame_;
    std::uint32_t frame_left_ = 0; // raw bytes left in the current uncompressed frame
    std::uint64_t data_pos_ = 0;   // raw data bytes of the object so far
    std::size_t extent_ = 0;       // sparse map cursor
    std::uint64_t extent_used_ = 0;
    codec::ContentHasher hasher_;
    codec::Decompressor decompressor_;
};

} // namespace tl::format
