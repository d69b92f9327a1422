#pragma once
// The bytes of one stream on their way from the original (read by job::SavesetReader) to the
// DriveWorker writing the copy (docs/media.md "Cloning"). In clear (a clear original, or one
// opened to re-encrypt) the reader's parser checks each object as it passes (CheckSink) and the
// Feed packs the bytes into the channel's buffers; copied sealed, each chunk goes into a buffer
// whole, with the header fields and tag its authentication covers (job::CopiedChunk).
#include <cstdint>
#include <string>
#include <vector>

#include "format/block.h"
#include "format/session_header.h"
#include "format/stream_parser.h"
#include "job/catalog_records.h"
#include "job/stream_channel.h"

namespace tl::media {

// Notes damaged objects and the finished ones, for the copy's trailer index (so its volumes
// list without the catalog, like any volume).
class CheckSink final : public format::StreamSink {
public:
    Status on_object_header(std::uint64_t offset, const format::ObjectHeader& h) override;
    Status on_data(std::uint64_t, const std::uint8_t*, std::size_t) override { return {}; }
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override;
    std::vector<std::string> damaged;
    std::vector<job::FileRecord> completed; // taken by the Feed as the bytes go out

private:
    job::FileRecord current_;
};

class Feed final {
public:
    Feed(job::StreamChannel& channel, std::vector<std::uint64_t> boundaries, CheckSink& sink)
        : channel_(&channel), boundaries_(std::move(boundaries)), sink_(&sink) {}
    // Clear stream bytes from `off` (a block rewritten after end of medium repeats bytes:
    // skipped). Corrupt on a gap.
    Status put(std::uint64_t off, const std::uint8_t* data, std::size_t n);
    // One chunk as it is on media, sealed (its length counts the tag).
    Status put_sealed(const format::ChunkView& c);
    // The stream ends: the last buffer goes out.
    Status finish();
    std::uint64_t next() const { return next_; }

private:
    Status acquire();
    void publish();
    void take_completed();
    void add_boundaries(std::uint64_t end);

    job::StreamChannel* channel_;
    job::StreamBuffer* cur_ = nullptr;
    std::uint64_t next_ = 0; // next stream byte expected
    std::vector<std::uint64_t> boundaries_;
    std::size_t bi_ = 0;
    CheckSink* sink_;
    std::vector<job::FileRecord> pending_; // objects complete in bytes already handed over
};

// The on-media source kind of a save set's kind ("files", "raw", "cmd", "sqlite").
format::SourceKind media_kind(const std::string& kind);

} // namespace tl::media
