#pragma once
// Control-stream records (docs/format.md §7): stream 0 of a session is a byte sequence of
// records, each with the 12-byte preamble, carried in CONTROL blocks:
//   "TLIX" index segment   - objects and extents written since the previous segment
//   "TLST" session trailer - the session summary, in its own tape file at session end
//   "TLEV" end of volume   - written before the session continues on the next volume
// With them a volume's catalogue is rebuilt from its end without reading the data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/hash.h"
#include "common/result.h"
#include "format/session_header.h"
#include "format/uuid.h"

namespace tl::format {

struct IndexObject {
    std::uint64_t object_id = 0;
    std::uint32_t stream_id = 0;
    std::uint64_t header_offset = 0; // stream offset of the object's header
    std::uint64_t size = 0;          // raw data length (trailer.data_length)
    codec::Hash128 hash;
    std::uint32_t status = 0; // trailer_status
    std::string path;
    friend bool operator==(const IndexObject&, const IndexObject&) = default;
};

// Stream bytes [begin_offset, end_offset) lie in blocks first_block..last_block of tape_file.
struct IndexExtent {
    std::uint32_t stream_id = 0;
    std::uint64_t begin_offset = 0, end_offset = 0;
    std::uint32_t volume_seq = 0;
    std::uint32_t tape_file = 0;
    std::uint32_t first_block = 0, last_block = 0;
    friend bool operator==(const IndexExtent&, const IndexExtent&) = default;
};

struct IndexSegment {
    Uuid session_uuid;
    std::uint32_t segment_seq = 0; // 0, 1, 2... within the session
    std::vector<IndexObject> objects;
    std::vector<IndexExtent> extents;
    friend bool operator==(const IndexSegment&, const IndexSegment&) = default;
};

// Where an index segment (or a trailer) was written.
struct RecordLocation {
    std::uint32_t volume_seq = 0;
    std::uint32_t tape_file = 0;
    std::uint32_t block_in_file = 0;
    std::uint64_t control_offset = 0; // offset of the record in the control stream
    friend bool operator==(const RecordLocation&, const RecordLocation&) = default;
};

struct StreamTotals {
    std::uint32_t stream_id = 0;
    std::uint64_t objects = 0;
    std::uint64_t stream_bytes = 0; // bytes of the stream as framed on tape
    std::uint64_t data_bytes = 0;   // raw data bytes (before compression)
    codec::Hash128 hash;            // XXH3-128 over the stream's object hashes, in order
    friend bool operator==(const StreamTotals&, const StreamTotals&) = default;
};

enum class SessionStatus : std::uint8_t { Ok = 0, WithErrors = 1, Cancelled = 2, Failed = 3 };

struct SessionTrailer {
    Uuid session_uuid;
    std::uint64_t job_id = 0;
    std::int64_t end_time = 0; // unix seconds
    SessionStatus status = SessionStatus::Ok;
    std::uint32_t volume_seq = 0;
    std::uint64_t objects = 0;
    std::uint64_t data_bytes = 0;
    std::vector<StreamTotals> streams;
    std::vector<RecordLocation> index_segments; // this volume's part of the index
    // Back pointer to the previous session trailer on this volume (LTFS-style chain).
    bool has_prev_trailer = false;
    Uuid prev_session_uuid;
    RecordLocation prev_trailer;
    std::uint64_t prev_trailer_position = 0; // logical position (MTIOCPOS) of its tape file
    friend bool operator==(const SessionTrailer&, const SessionTrailer&) = default;
};

struct EovMarker {
    Uuid session_uuid;
    std::uint32_t volume_seq = 0;               // the volume that ends here
    std::uint64_t last_block_seq = 0;           // the last session block that is on this volume
    std::vector<ResumePoint> resume;            // where each stream continues on the next volume
    std::vector<RecordLocation> index_segments; // segments on this volume
    friend bool operator==(const EovMarker&, const EovMarker&) = default;
};

void encode_index_segment(const IndexSegment& s, std::vector<std::uint8_t>& out);
void encode_session_trailer(const SessionTrailer& t, std::vector<std::uint8_t>& out);
void encode_eov_marker(const EovMarker& e, std::vector<std::uint8_t>& out);
Result<IndexSegment> decode_index_segment(const std::uint8_t* p, std::size_t n);
Result<SessionTrailer> decode_session_trailer(const std::uint8_t* p, std::size_t n);
Result<EovMarker> decode_eov_marker(const std::uint8_t* p, std::size_t n);

enum class ControlKind { IndexSegment, SessionTrailer, Eov, Unknown };
ControlKind control_kind(const std::uint8_t* rec, std::size_t n); // by magic

// One complete control record, copied out of the chunks that carried it.
struct ControlRecord {
    std::uint64_t offset = 0; // in the control stream
    ControlKind kind = ControlKind::Unknown;
    std::vector<std::uint8_t> bytes;
};

// Reassembles control records from control-stream chunks fed in order (records may span
// chunks and blocks). Duplicated bytes are skipped, a gap is Corrupt. Not thread-safe.
class ControlStreamParser final {
public:
    Status feed(std::uint64_t stream_offset, const std::uint8_t* data, std::size_t n);
    void resync_at(std::uint64_t stream_offset); // next record starts there
    std::vector<ControlRecord> take();           // records completed so far
    bool between_records() const { return partial_.empty() && !skipping_; }

private:
    std::uint64_t off_ = 0;
    bool skipping_ = false;
    std::uint64_t target_ = 0;
    std::vector<std::uint8_t> partial_;
    std::vector<ControlRecord> done_;
};

} // namespace tl::format
