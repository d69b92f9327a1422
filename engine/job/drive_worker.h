#pragma once
// One drive's side of a backup: the multiplexer and writer thread. It packs chunks of up to K
// interleaved streams into fixed-size blocks, writes them, closes a tape file with a filemark
// at each checkpoint (only then are that tape file's catalog rows submitted), follows the
// session onto the next volume at end of medium, and ends with a trailer tape file that lists
// the session's objects so a volume can be listed without the catalog.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "common/clock.h"
#include "common/io_buffer.h"
#include "device/tape_drive.h"
#include "format/block_builder.h"
#include "format/index.h"
#include "format/session_header.h"
#include "job/catalog_writer.h"
#include "job/job_report.h"
#include "job/stream_channel.h"
#include "job/volume_manager.h"
#include "metrics/state_timeline.h"

namespace tl::job {

// A stream that starts on this drive: the job created its channel and reader thread.
struct StreamAssignment {
    std::uint32_t stream_id = 0;
    std::int64_t saveset_id = 0;
    StreamChannel* channel = nullptr;
    format::StreamInfo info;
};

struct DriveWorkerConfig {
    std::size_t drive_index = 0;
    std::size_t block_size = 256 * 1024;
    std::size_t sessions = 4;                    // K: streams interleaved at once
    std::uint64_t checkpoint_bytes = 4ull << 30; // a filemark (sync point) at least this often
    // ... and at least every this many catalog rows: the rows of a tape file reach the catalog
    // only after its filemark, so a tree of small files would otherwise leave all its rows to
    // be written after the last block (issue 17: 5 s of a 16 s backup of 200,000 files).
    std::size_t checkpoint_entries = 1u << 13;
    format::Uuid session_uuid;
    std::int64_t session_id = 0;
    std::uint64_t job_id = 0;
    // When the session's job started (unix s, as its catalog row says): every header of the
    // session carries it, so a catalog rebuilt from the media dates the job as the original did.
    std::int64_t job_started = 0;
    std::string host;
    codec::Codec codec = codec::Codec::None;
    // Seconds since the job started, for the drive's state timeline (unset: no timeline).
    std::function<double()> now;
    // Seconds since the job started at a time of the engine's clock (the drive's tape start).
    std::function<double(Clock::Mono)> at;
    // The engine's calendar (unix s): the end time each session trailer records.
    std::function<std::int64_t()> unix_now;
    // false: completed objects go to the volume's trailer index only, not to the catalog's file
    // entries (a clone: the original's entries describe its stream, docs/media.md).
    bool catalog_files = true;
    // A session written with a key (docs/format.md §3.4): the streams' producers seal their
    // chunks (job/chunk_sealer.h); what reaches the drive in clear (control records, a
    // clone's feed) is sealed here with `cipher`. The session header records `encryption`.
    // Unset: written in clear. A copy made sealed (encryption.seal_session set, no cipher):
    // its streams arrive as sealed chunks (StreamBuffer::copied), placed as they are, and the
    // control stream stays clear (it names no file: no object is parsed to index).
    std::shared_ptr<const format::ChunkCipher> cipher;
    format::SessionEncryption encryption;
};

enum class DriveState { Idle = 0, Mounting = 1, Writing = 2, Waiting = 3, Done = 4 };

// Read by the job's monitor while the drive thread updates it.
struct DriveProgress {
    std::atomic<std::uint64_t> blocks{0};  // blocks written, data and control
    std::atomic<std::uint64_t> bytes{0};   // block bytes written: blocks x the block size
    std::atomic<std::uint64_t> payload{0}; // stream bytes carried
    std::atomic<int> volumes{0};
    std::atomic<int> state{0};       // DriveState
    metrics::StateTimeline timeline; // writing / mounting / positioning / idle spans

    std::string volume() const {
        std::lock_guard lock(volume_mutex);
        return loaded;
    }
    void set_volume(std::string barcode) {
        std::lock_guard lock(volume_mutex);
        loaded = std::move(barcode);
    }

private:
    mutable std::mutex volume_mutex;
    std::string loaded; // barcode of the volume this job has in the drive
};

class DriveWorker {
public:
    // next_source: called on the drive thread when a stream slot is free; returns the next
    // stream to start here, or nullopt when the job has none left. Thread-safe on the job side.
    using NextSource = std::function<std::optional<StreamAssignment>(std::size_t drive)>;
    using StreamDone = std::function<void(std::int64_t saveset_id, std::uint64_t stream_bytes)>;

    DriveWorker(DriveWorkerConfig cfg, device::TapeDrive& drive, VolumeManager& volumes,
                CatalogWriter& catalog, DriveSignal& signal, NextSource next, StreamDone done);

    // The thread body. Returns when every stream assigned here ended (or on a fatal error).
    Status run();
    const DriveProgress& progress() const { return progress_; }
    std::vector<std::string> volumes_used() const { return volumes_used_; }
    const DriveTimes& times() const { return times_; }

private:
    struct Pos {
        std::int64_t volume_id;
        std::uint32_t file_number, block;
    };
    struct Active {
        StreamAssignment a;
        std::uint64_t next_offset = 0; // next stream byte to place
    };
    struct ExtentAcc {
        std::uint64_t begin = 0, end = 0;
        std::uint32_t first_block = 0, last_block = 0;
    };
    struct Placement {
        std::uint32_t stream_id;
        std::uint64_t offset, end;
        std::vector<std::uint64_t> boundaries;
    };

    Status fill_slots();
    Status start_volume(bool continuation);
    Status open_tape_file(format::HeaderKind kind);
    // Ends the tape file being written: a synchronous filemark, then its catalog batch. With
    // `trailer_follows` (the job's end) the filemark is immediate, so the tape keeps streaming
    // into the trailer, and the batch waits for the trailer's synchronous filemark
    // (held_batch_): the catalog still records only what is durable on tape.
    Status close_tape_file(bool volume_full, bool trailer_follows = false);
    Status place_chunk(Active& s, StreamBuffer& b);
    // A block-shaped buffer (StreamBuffer) that becomes the block's one chunk by exchanging
    // storage with block_: its bytes are not copied. takes_whole: whether `b` goes so.
    bool takes_whole(const StreamBuffer& b) const;
    Status place_whole(Active& s, StreamBuffer& b);
    Status place_copied_chunk(Active& s, StreamBuffer& b); // a chunk copied still sealed
    Status make_room(std::size_t need); // an open block with `need` bytes free for a chunk
    // A block handed to the drive, data or control (session header, index, trailer): the
    // progress counts them all, so its bytes are its blocks times the block size.
    void count_block() {
        progress_.blocks++;
        progress_.bytes += cfg_.block_size;
    }
    Status flush_block(bool force);
    Status write_current_block();
    // Every block goes to the drive here: the times of the first and last, the tape's start.
    // Without `data`, the block built in block_, which the drive may keep (leaving another).
    Status hand_block(const std::uint8_t* data = nullptr);
    double now() const { return cfg_.now ? cfg_.now() : -1; }
    void note_tape_start();
    Status write_control(const std::vector<std::uint8_t>& record);
    Status write_trailer();
    Active* pick_stream(bool& all_done);

    DriveWorkerConfig cfg_;
    device::TapeDrive& drive_;
    VolumeManager& volumes_;
    CatalogWriter& catalog_;
    DriveSignal& sig_;
    NextSource next_;
    StreamDone done_;

    std::vector<std::unique_ptr<Active>> active_;
    std::size_t rr_ = 0;
    bool no_more_sources_ = false;
    std::vector<format::StreamInfo> all_streams_;

    // The block being built (cfg_.block_size bytes, aligned): a virtual cartridge that writes
    // behind takes it for its write-behind ring without a copy and gives back a free slot's
    // buffer, so after each write block_ may be another buffer.
    IoBlock block_;
    format::BlockBuilder builder_;
    bool block_open_ = false;
    std::vector<Placement> placements_; // chunks in the block being built
    std::vector<std::pair<std::uint32_t, FileRecord>>
        block_completions_; // (stream, file) complete once written
    std::unordered_map<std::uint32_t, std::unordered_map<std::uint64_t, Pos>> headers_;
    IoBytes ctl_block_;
    std::string prev_barcode_;
    format::Uuid prev_uuid_;

    std::optional<MountedVolume> vol_;
    std::uint32_t volume_seq_ = 0;
    std::uint32_t file_number_ = 0;
    std::uint32_t block_in_file_ = 0;
    std::uint64_t file_start_pos_ = 0;
    std::uint64_t file_first_seq_ = 0;
    std::uint64_t file_bytes_ = 0;
    std::uint32_t checkpoint_ = 0;
    std::uint64_t block_seq_ = 0;
    std::uint64_t control_offset_ = 0;
    std::map<std::uint32_t, ExtentAcc> file_extents_;
    std::map<std::uint32_t, std::int64_t> saveset_of_;
    CatalogBatch batch_;
    std::optional<CatalogBatch> held_batch_; // the last data file's, until the trailer is durable
    std::vector<format::IndexObject> volume_objects_; // for this volume's trailer
    std::vector<format::IndexExtent> volume_extents_;
    std::vector<std::string> volumes_used_;
    DriveProgress progress_;
    DriveTimes times_;
    void set_state(DriveState s);
    void apply_encryption();
};

} // namespace tl::job
