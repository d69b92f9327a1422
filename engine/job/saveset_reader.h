#pragma once
// Reads one save set (a stream of a media session) back from tape by positioned reads: for each
// extent the catalog records, it mounts the volume, seeks straight to the first block (checking
// the block header says it is where the catalog says), and feeds this stream's chunks to a
// StreamParser, skipping the chunks of the other interleaved streams. A bad block (checksum or
// read error) is reported and skipped; the parser resynchronizes at the next object.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "device/library.h"
#include "format/block.h"
#include "format/stream_parser.h"

namespace tl::job {

struct BadBlock {
    std::string volume;
    std::uint32_t tape_file = 0, block = 0;
    std::string message;
};

// How one volume was read (issue 39): its mounts, its locates (seeks that moved the tape), the
// passes over it (a mount starts one, and so does a locate back farther than the read-ahead),
// the short steps back within the read-ahead, the positioning time the drive counted (load,
// unload, locate; clock time) and the block bytes read from it.
struct VolumeMotion {
    std::string barcode;
    std::uint64_t mounts = 0, passes = 0, locates = 0, back_steps = 0;
    std::uint64_t positioning_ns = 0;
    std::uint64_t bytes = 0;
};

// A step back of at most this many objects stays within what the reader read ahead (its queue
// of 8 blocks and the block it stopped in): not a new pass over the volume.
inline constexpr std::uint64_t kBackStepSlack = 9;

struct ReadStats {
    std::vector<VolumeMotion> motion; // per volume, in the order first mounted
    std::uint64_t blocks_read = 0;
    std::uint64_t bytes_read = 0;   // block bytes read from tape
    std::uint64_t stream_bytes = 0; // bytes of the wanted stream fed to the parser
    std::uint64_t seeks = 0;
    std::vector<std::string> volumes;
};

struct ExtentRow {
    std::uint32_t volume_seq = 0; // order of the volume within its session
    std::uint64_t offset = 0, end_offset = 0;
    std::int64_t volume_id = 0;
    std::string barcode;
    std::uint32_t file_number = 0, first_block = 0, last_block = 0;
    std::uint64_t start_pos = 0; // logical position of the tape file's header block
};

struct ReadHint {
    std::int64_t volume_id = 0;
    std::uint32_t file_number = 0, block = 0;
};

// One stream to read in a session-wide pass.
struct StreamTarget {
    std::int64_t saveset_id = 0;
    format::StreamSink* sink = nullptr;
    std::uint64_t from = 0, to = ~std::uint64_t{0};
    ReadHint hint;
    std::function<void(const std::string& path, const std::string& why)> on_object_error;
    // Optional: each chunk of this stream as it is on media (compressed frames included), in
    // stream order, after the parser saw it; duplicates (a block rewritten on the next volume)
    // are passed too. A non-ok Status ends the read with that error (used by cloning).
    std::function<Status(std::uint64_t stream_offset, const std::uint8_t* data, std::size_t n)>
        on_chunk;
    // With set_sealed_as_is(): each chunk of this stream as it is on media, still sealed (its
    // length counts the tag), in stream order, duplicates included; no parser sees it.
    std::function<Status(const format::ChunkView& chunk)> on_sealed_chunk;
};

class SavesetReader {
public:
    // `drive` is the library drive index to read with; `home` the data directory whose keys/
    // holds the keys of encrypted sessions (not beside the catalog: that may be a server).
    SavesetReader(device::Library& library, catalog::Db& db, std::size_t drive, std::string home);

    // The extents of a save set, in stream order. NotFound for an unknown save set.
    Result<std::vector<ExtentRow>> extents(std::int64_t saveset_id);

    // Feeds the stream bytes [from, to) to `sink` (from must be an object boundary).
    // MediaMissing when a volume is not in the library (nothing read). Bad blocks go to
    // on_bad_block and do not stop the read; structural errors the sink returns are reported to
    // on_object_error with the object's path, and the parser resyncs at the next object.
    // `hint`: where the catalog says the object at `from` starts; the first extent is then
    // entered at that block instead of its beginning.
    using Hint = ReadHint;
    Status read(std::int64_t saveset_id, format::StreamSink& sink, std::uint64_t from = 0,
                std::uint64_t to = ~std::uint64_t{0}, Hint hint = {},
                const std::function<void(const BadBlock&)>& on_bad_block = {},
                const std::function<void(const std::string& path, const std::string& why)>&
                    on_object_error = {});

    // Reads several streams of ONE media session in a single pass over its blocks, feeding each
    // stream's chunks to its own parser: interleaved save sets are read once, not once each.
    Status read_streams(std::vector<StreamTarget>& targets,
                        const std::function<void(const BadBlock&)>& on_bad_block = {});

    const ReadStats& stats() const { return stats_; }
    // Reads and checks the blocks (CRC, position) without decoding any stream: what verify
    // can still do for an encrypted session whose key is missing. No sink sees data.
    void set_blocks_only(bool on) { blocks_only_ = on; }
    // Reads the blocks (CRC, position) and hands each wanted chunk, still sealed, to its
    // target's on_sealed_chunk: no key is needed (a clone copying ciphertext as it is). A
    // block of version 2 (its chunks bound to their block, docs/format.md §3.4) is refused.
    void set_sealed_as_is(bool on) { sealed_as_is_ = on; }
    // Called on the reading thread with each volume the reader has mounted and opened (live
    // figures: which cartridge the drive reads).
    void on_mounted(std::function<void(const std::string& barcode)> f) {
        on_mounted_ = std::move(f);
    }

private:
    device::Library& lib_;
    catalog::Db& db_;
    std::size_t drive_;
    std::string home_;
    ReadStats stats_;
    std::string mounted_;
    std::function<void(const std::string&)> on_mounted_;
    bool blocks_only_ = false;
    bool sealed_as_is_ = false;
};

} // namespace tl::job
