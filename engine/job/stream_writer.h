#pragma once
// Serializes one stream (objects: header, data frames, trailer) into the StreamBuffers of a
// StreamChannel, reading file data straight into the buffer that goes to the multiplexer.
// Used by one reader thread.
#include <cstdint>
#include <memory>
#include <vector>

#include "codec/compressor.h"
#include "format/object.h"
#include "job/chunk_sealer.h"
#include "job/stream_channel.h"

namespace tl::job {

class StreamWriter {
public:
    StreamWriter(StreamChannel& channel, codec::CodecSpec codec);

    // Starts an object: records its boundary and writes its header. Cancelled when the job is.
    Status begin_object(const format::ObjectHeader& header);
    // A place for up to `max_raw` bytes of data (never 0 bytes unless max_raw is 0); fill it
    // and call commit_data(n). Without compression this is inside the outgoing buffer.
    Result<std::uint8_t*> data_area(std::size_t max_raw, std::size_t& capacity);
    Status commit_data(std::size_t n);
    // Ends the object: writes the trailer; `record` reaches the catalog once it is on media.
    Status end_object(const format::ObjectTrailer& trailer, FileRecord record);
    // Publishes the last buffer, marked as the end of the stream.
    Status finish();
    // An encrypted session: every buffer is sealed on this thread before it is published.
    // Buffers are then filled to a whole number of sealed units (ChunkSealer::fill_limit).
    void set_sealer(std::unique_ptr<ChunkSealer> sealer);

    std::uint64_t offset() const { return offset_; } // stream bytes written so far
    std::uint64_t raw_bytes() const { return raw_bytes_; }

private:
    Status ensure(std::size_t want); // a current buffer with at least `want` bytes free
    Status write_bytes(const std::uint8_t* p, std::size_t n);
    Status publish();
    std::size_t room() const { return fill_ - cur_->size; } // what cur_ may still take

    StreamChannel& ch_;
    codec::CodecSpec codec_;
    codec::Compressor compressor_;
    StreamBuffer* cur_ = nullptr;
    std::uint64_t offset_ = 0;
    std::uint64_t raw_bytes_ = 0;
    std::uint8_t* frame_ = nullptr;     // where the pending frame header goes
    std::vector<std::uint8_t> scratch_; // header encoding, compression input
    std::vector<std::uint8_t> packed_;
    bool raw_in_scratch_ = false;
    std::unique_ptr<ChunkSealer> sealer_;
    std::size_t fill_; // bytes of each buffer filled: its capacity, or whole sealed units
};

} // namespace tl::job
