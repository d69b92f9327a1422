#pragma once
// A backup's stream buffer on the agent link (frame::kBuffer, docs/agent.md "Wire protocol",
// protocol 2): a u32 big-endian head length, the head, then the stream bytes. The head holds the
// buffer's stream offset, the session's raw bytes read so far, whether it is the last, its
// object boundaries (varint deltas) and the catalog records of the files it completes, each a
// compact binary record (agent/wire_codec.h): a record in the same directory as the one before
// it does not repeat the directory, and its content hash travels as its 16 bytes.
#include <cstdint>
#include <vector>

#include "agent/tls_link.h"
#include "job/stream_buffer.h"

namespace tl::agent {

struct ReceivedBuffer {
    std::uint64_t offset = 0, raw_bytes = 0;
    bool last = false;
    std::vector<std::uint64_t> boundaries;
    std::vector<job::FileRecord> completed;
    std::size_t size = 0; // the stream bytes that follow in the frame
};

// The frame's payload up to the stream bytes: TlsLink::send(type, head, data, n) sends the
// buffer's data after it, so the data is never copied on the agent.
std::vector<std::uint8_t> encode_buffer_head(const job::StreamBuffer& b, std::uint64_t raw_bytes);

// The head (without its length prefix) of `n` bytes at `p`; Corrupt naming the record and the
// field when it is cut off, too long, or holds what no agent writes.
Result<ReceivedBuffer> decode_buffer_head(const std::uint8_t* p, std::size_t n);

// A buffer frame of `payload` bytes whose head receive_head() read: its head, read from the
// link and decoded; `size` is then what is left of the payload, for the caller to read with
// read_payload() straight into its stream buffer.
Result<ReceivedBuffer> receive_buffer_head(TlsLink& link, std::size_t payload);

} // namespace tl::agent
