#include "job/saveset_reader.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>

#include "catalog/saveset_store.h"
#include "catalog/session_store.h"
#include "common/io_buffer.h"
#include "common/log.h"
#include "format/block.h"
#include "format/constants.h"
#include "job/block_handover.h"
#include "job/media_reader.h"
#include "job/sealed_blocks.h"
#include "media/missing_volumes.h"

namespace tl::job {

namespace {
struct Stream {
    StreamTarget* t = nullptr;
    std::uint32_t stream_id = 0;
    std::unique_ptr<format::StreamParser> parser;
    bool need_resync = false;
    bool done = false;
    void object_error(const std::string& why) {
        const auto* obj = parser->current_object();
        if (t->on_object_error) t->on_object_error(obj ? obj->path : std::string(), why);
        need_resync = true;
    }
};
// One visit per tape file: the union of the blocks the targets need there.
using VisitKey = std::tuple<std::uint32_t, std::string, std::uint32_t>;
using Visits = std::map<VisitKey, Visit>;

// The blocks a target needs, added to the visits of the tape files its extents are on.
void add_visits(const StreamTarget& t, const std::vector<ExtentRow>& extents, Visits& visits) {
    for (const auto& e : extents) {
        if (e.end_offset <= t.from || e.offset >= t.to) continue;
        auto& v = visits[{e.volume_seq, e.barcode, e.file_number}];
        v.volume_seq = e.volume_seq;
        v.barcode = e.barcode;
        v.file_number = e.file_number;
        v.start_pos = e.start_pos;
        std::uint32_t first = e.first_block;
        if (t.hint.volume_id == e.volume_id && t.hint.file_number == e.file_number &&
            t.hint.block >= e.first_block && t.hint.block <= e.last_block && e.offset <= t.from)
            first = t.hint.block;
        v.first = std::min(v.first, first);
        v.last = std::max(v.last, e.last_block);
    }
}

// Every volume needed must be in the library before anything is read; the error says where the
// catalog has those that are not.
Status check_present(device::Library& lib, catalog::Db& db, const Visits& visits) {
    std::vector<std::string> needed;
    for (const auto& [key, v] : visits)
        needed.push_back(v.barcode);
    return media::require_volumes_in(db, lib, needed, "volume(s)");
}

// What a chunk of a wanted stream does to it: fed to its parser within the wanted range, the
// stream done once its range is read. Returns a non-ok Status from on_chunk (ends the read).
Status feed_chunk(Stream& s, const format::ChunkView& c, std::size_t& remaining, ReadStats& stats) {
    const std::uint64_t c_end = c.stream_offset + c.length;
    if (c.stream_offset >= s.t->to) { // past the wanted range: this stream is done
        s.done = true;
        --remaining;
        return {};
    }
    if (c_end <= s.t->from) return {};
    if (s.need_resync) {
        if (c.first_boundary == format::kNoBoundary) return {};
        s.parser->resync_at(c.stream_offset + c.first_boundary);
        s.need_resync = false;
    }
    stats.stream_bytes += c.length;
    // Only the wanted range reaches the parser: `to` ends an object, and the objects after it
    // in the same chunk belong to the next positioned read (or to nobody), so feeding them
    // here would restore them twice, or restore unselected files.
    const std::size_t len = static_cast<std::size_t>(std::min(c_end, s.t->to) - c.stream_offset);
    auto fs = s.parser->feed(c.stream_offset, c.data, len);
    if (!fs) {
        s.object_error(fs.error().message);
        // The rest of this chunk may start the next object.
        const std::uint64_t next = c.stream_offset + c.first_boundary;
        if (c.first_boundary != format::kNoBoundary && next > s.parser->next_offset() &&
            next < s.t->to) {
            s.parser->resync_at(next);
            s.need_resync = false;
            (void)s.parser->feed(c.stream_offset, c.data, len);
        }
    }
    if (s.t->on_chunk) TL_TRY(s.t->on_chunk(c.stream_offset, c.data, c.length));
    if (s.parser->next_offset() >= s.t->to && s.parser->between_objects()) {
        s.done = true;
        --remaining;
    }
    return {};
}
VolumeMotion& motion_of(ReadStats& stats, const std::string& barcode) {
    for (auto& m : stats.motion)
        if (m.barcode == barcode) return m;
    stats.motion.push_back({});
    stats.motion.back().barcode = barcode;
    return stats.motion.back();
}

// Seeks to `target` and counts it on the volume: a locate when the tape moved; a step back
// within the blocks read ahead is not a new pass, one farther back is.
Status counted_seek(MediaReader& media, device::TapeDrive& drive, VolumeMotion& m,
                    std::uint64_t target) {
    const auto at = drive.tell();
    const auto before = drive.counters().reposition_ns.load();
    TL_TRY(media.seek(target));
    m.positioning_ns += drive.counters().reposition_ns.load() - before;
    if (!at || at.value() == target) return {};
    ++m.locates;
    if (target < at.value()) {
        if (at.value() - target > kBackStepSlack)
            ++m.passes;
        else
            ++m.back_steps;
    }
    return {};
}

// Mount and open as one step: between the two another reader may take the cartridge; then
// both are simply tried again (for up to 30 minutes). Cancelled when `stopped` says so.
Status mount_and_open(device::Library& lib, std::size_t drive, const std::string& barcode,
                      const std::function<bool()>& stopped) {
    for (int waited_ms = 0;; waited_ms += 20) {
        auto m = lib.mount(drive, barcode);
        if (m) {
            auto op = lib.drive(drive).open(true);
            if (op) return {};
            m = op;
        }
        const auto kind = m.error().kind;
        if ((kind != ErrorKind::Busy && kind != ErrorKind::NoMedium) || waited_ms > 30 * 60 * 1000)
            return m;
        if (stopped()) return make_error(ErrorKind::Cancelled, "the read was stopped");
        std::this_thread::sleep_for(std::chrono::milliseconds(20)); // another reader has it
    }
}

// How the read-ahead side treats the blocks it reads.
struct BlockDecoding {
    const format::ChunkCipher* cipher = nullptr; // null: a clear session, or undecoded
    const format::Uuid* sealed_by = nullptr;     // the session whose chunk key sealed the data
    bool undecoded = false;                      // blocks only, or copied sealed as they are
    bool sealed_as_is = false;                   // copied sealed: block version 2 refused
};

// A block of version 2 binds its chunks to their block (docs/format.md §3.4): a copy made
// sealed cannot keep them, so such a block ends the read.
void refuse_bound_block(BlockItem& it) {
    const Visit& v = *it.v;
    it.fatal = true;
    it.st = make_error(ErrorKind::Unsupported,
                       "block " + std::to_string(it.b) + " of tape file " +
                           std::to_string(v.file_number) + " on " + v.barcode +
                           " is of block version 2 (an early encrypting build): its chunks are "
                           "bound to their block and cannot be copied sealed; clone it with "
                           "--reencrypt and the key at hand");
}

// Reads block it.b of visit *it.v (the drive positioned there) and checks that it is the block
// the catalog says (tape file, block number, session); unseals it as `decoding` says. The
// outcome is in it.st (it.fatal: it ends the read). `in_place`: the block may be left where the
// drive holds it in memory (MediaReader::read_view) when nothing is to be unsealed in place.
void read_block(MediaReader& media, BlockItem& it, const std::vector<std::uint8_t>& session_uuid,
                const BlockDecoding& decoding, ReadStats& stats, bool in_place) {
    const Visit& v = *it.v;
    const std::uint32_t b = it.b;
    if (!it.data) it.data = make_io_block(format::kMaxBlockSize);
    const auto n = in_place && !decoding.cipher
                       ? media.read_view(it.data.get(), format::kMaxBlockSize)
                       : media.read(it.data.get(), format::kMaxBlockSize);
    if (n.kind == BlockKind::Unreadable || n.kind == BlockKind::EndOfData) {
        it.st = make_error(ErrorKind::Io, n.error);
        return;
    }
    if (n.kind == BlockKind::Filemark) {
        it.st = make_error(ErrorKind::Corrupt, "unexpected filemark");
        it.filemark = true;
        return;
    }
    stats.blocks_read++;
    stats.bytes_read += n.size;
    auto parsed = format::parse_block(n.data, n.size);
    if (!parsed) {
        it.st = parsed.error();
        return;
    }
    it.parsed = std::move(parsed.value());
    const auto& h = it.parsed.header;
    it.st = Status{};
    if (h.tape_file != v.file_number || h.block_in_file != b ||
        !std::equal(session_uuid.begin(), session_uuid.end(), h.session_uuid.bytes.begin()))
        it.st = make_error(ErrorKind::Corrupt,
                           "block found at tape file " + std::to_string(v.file_number) + " block " +
                               std::to_string(b) + " on " + v.barcode +
                               " belongs elsewhere (tape file " + std::to_string(h.tape_file) +
                               " block " + std::to_string(h.block_in_file) + ")");
    else if (decoding.sealed_as_is && h.version == format::kBlockVersionSealed)
        refuse_bound_block(it);
    else if (!decoding.undecoded)
        // Without a cipher nothing is written: a block viewed in place is only checked for
        // sealed chunks (format/chunk_seal.h).
        it.st = unseal(const_cast<std::uint8_t*>(n.data), it.parsed, decoding.cipher,
                       decoding.sealed_by);
}

// A block copied sealed: each chunk of a wanted stream goes, as it is, to its target's
// on_sealed_chunk. A non-ok Status ends the read.
Status feed_sealed(BlockItem& it, std::vector<Stream>& streams,
                   const std::map<std::uint32_t, std::size_t>& index, ReadStats& stats) {
    for (const auto& c : it.parsed.chunks) {
        auto idx = index.find(c.stream_id);
        if (idx == index.end() || !streams[idx->second].t->on_sealed_chunk) continue;
        stats.stream_bytes += c.length;
        TL_TRY(streams[idx->second].t->on_sealed_chunk(c));
    }
    return {};
}

// The parsing side of one block read ahead: a bad block is reported and spoils the object each
// stream is in; a good one's chunks go to their streams. A non-ok Status ends the read.
Status feed_block(BlockItem& it, std::vector<Stream>& streams,
                  const std::map<std::uint32_t, std::size_t>& index, std::size_t& remaining,
                  const std::function<void(const BadBlock&)>& on_bad_block,
                  const BlockDecoding& decoding, ReadStats& stats) {
    const Visit& v = *it.v;
    const std::uint32_t b = it.b;
    if (!it.st) {
        if (on_bad_block) on_bad_block({v.barcode, v.file_number, b, it.st.error().message});
        for (auto& s : streams)
            if (!s.done)
                s.object_error("block " + std::to_string(b) + " of tape file " +
                               std::to_string(v.file_number) + " on " + v.barcode +
                               " unreadable: " + it.st.error().message);
        return {};
    }
    if (decoding.sealed_as_is) return feed_sealed(it, streams, index, stats);
    if (decoding.undecoded) return {};
    for (std::uint32_t ci = 0; ci < it.parsed.chunks.size(); ++ci) {
        const auto& c = it.parsed.chunks[ci];
        auto idx = index.find(c.stream_id);
        if (idx == index.end()) continue;
        auto& s = streams[idx->second];
        if (s.done) continue;
        if (format::failed_auth(c)) { // only the objects in this chunk are lost
            const std::string why = format::auth_failure(it.parsed.header, ci, c);
            if (on_bad_block) on_bad_block({v.barcode, v.file_number, b, why});
            s.object_error(why + " on " + v.barcode);
            continue;
        }
        TL_TRY(feed_chunk(s, c, remaining, stats));
    }
    return {};
}

// The streams of one media session that a read feeds, and the tape files it visits.
struct SessionStreams {
    std::vector<Stream> streams;
    std::vector<std::uint8_t> session_uuid;
    std::vector<std::uint8_t> seal_uuid; // whose chunk key sealed the data (a copy: the original)
    std::string key_id;                  // the session's key ("" = written in clear)
    Visits visits;
    std::map<std::uint32_t, std::size_t> index; // stream id -> streams[]
};

Status plan_streams(catalog::Db& db, SavesetReader& reader, std::vector<StreamTarget>& targets,
                    SessionStreams& out) {
    for (auto& t : targets) {
        auto q = catalog::saveset_stream(db, t.saveset_id);
        if (!q) return q.error();
        if (!q.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(t.saveset_id) + " does not exist");
        const std::string& blob = q.value()->session_uuid;
        const std::vector<std::uint8_t> u(blob.begin(), blob.end());
        if (!out.session_uuid.empty() && u != out.session_uuid)
            return make_error(ErrorKind::Internal, "read_streams: save sets of different sessions");
        out.session_uuid = u;
        out.seal_uuid.assign(q.value()->seal_uuid.begin(), q.value()->seal_uuid.end());
        out.key_id = q.value()->key_id;
        Stream s;
        s.t = &t;
        s.stream_id = q.value()->stream_id;
        s.parser = std::make_unique<format::StreamParser>(*t.sink, s.stream_id);
        if (t.from > 0) s.parser->resync_at(t.from);
        out.streams.push_back(std::move(s));
        auto ex = reader.extents(t.saveset_id);
        if (!ex) return ex.error();
        add_visits(t, ex.value(), out.visits);
    }
    for (std::size_t i = 0; i < out.streams.size(); ++i)
        out.index[out.streams[i].stream_id] = i;
    return {};
}

// Streams read to their end: an object cut off by the end of the stream is reported.
void finish_streams(std::vector<Stream>& streams) {
    for (auto& s : streams)
        if (!s.done && !s.need_resync && s.t->to == ~std::uint64_t{0})
            if (auto fin = s.parser->finish(); !fin) s.object_error(fin.error().message);
}
// What the reading side of read_streams works with.
struct VisitReading {
    device::Library& lib;
    std::size_t drive_index;
    MediaReader& media;
    const std::vector<std::uint8_t>& session_uuid;
    const BlockDecoding& decoding;
    ReadStats& stats;
    std::string& mounted;
    const std::function<void(const std::string&)>& on_mounted;
    bool in_place = false; // blocks are parsed before the next read: read_block's `in_place`
};

// Mounts the volume of a visit unless it is in the drive: a closed drive first, so a reader
// waiting for a cartridge holds none (two readers that want each other's cartridges can never
// wait forever).
Status mount_for(VisitReading& r, const Visit& v, BlockHandover& out) {
    auto& drive = r.lib.drive(r.drive_index);
    if (r.mounted == v.barcode) return {};
    if (drive.is_open()) TL_TRY(drive.close());
    r.mounted.clear();
    const auto before = drive.counters().reposition_ns.load();
    TL_TRY(mount_and_open(r.lib, r.drive_index, v.barcode, [&] { return out.stopped(); }));
    auto& m = motion_of(r.stats, v.barcode);
    ++m.mounts;
    ++m.passes;
    m.positioning_ns += drive.counters().reposition_ns.load() - before;
    r.mounted = v.barcode;
    if (r.on_mounted) r.on_mounted(r.mounted);
    r.stats.volumes.push_back(v.barcode);
    return {};
}

// Reads the blocks of every visit in order (mount, seek, read, CRC check) and hands them on;
// an error that ends the reading is handed on as a fatal block.
void read_visits(VisitReading& r, const Visits& visits, BlockHandover& out) {
    auto& drive = r.lib.drive(r.drive_index);
    auto fatal = [&](const Error& e) {
        auto it = out.take();
        if (!it) return;
        it->st = e;
        it->fatal = true;
        out.give(std::move(it));
    };
    for (const auto& [key, v] : visits) {
        if (auto st = mount_for(r, v, out); !st) {
            if (st.error().kind != ErrorKind::Cancelled) fatal(st.error());
            return;
        }
        auto& motion = motion_of(r.stats, v.barcode);
        if (auto st = counted_seek(r.media, drive, motion, v.start_pos + v.first); !st)
            return fatal(st.error());
        r.stats.seeks++;
        for (std::uint32_t b = v.first; b <= v.last; ++b) {
            auto it = out.take();
            if (!it) return;
            it->v = &v;
            it->b = b;
            it->filemark = false;
            it->fatal = false;
            const auto read_before = r.stats.bytes_read;
            read_block(r.media, *it, r.session_uuid, r.decoding, r.stats, r.in_place);
            motion.bytes += r.stats.bytes_read - read_before;
            const bool fm = it->filemark, end = it->fatal;
            out.give(std::move(it));
            if (end) return out.finish();
            if (fm) break;
        }
    }
    out.finish();
}

} // namespace

SavesetReader::SavesetReader(device::Library& library, catalog::Db& db, std::size_t drive,
                             std::string home)
    : lib_(library), db_(db), drive_(drive), home_(std::move(home)) {}

Result<std::vector<ExtentRow>> SavesetReader::extents(std::int64_t saveset_id) {
    auto rows = catalog::saveset_extents(db_, saveset_id);
    if (!rows) return rows.error();
    std::vector<ExtentRow> out;
    out.reserve(rows->size());
    for (auto& r : rows.value()) {
        ExtentRow e;
        e.volume_seq = r.volume_seq;
        e.offset = r.offset;
        e.end_offset = r.end_offset;
        e.volume_id = r.volume_id;
        e.barcode = std::move(r.barcode);
        e.file_number = r.file_number;
        e.first_block = r.first_block;
        e.last_block = r.last_block;
        e.start_pos = r.start_pos;
        out.push_back(std::move(e));
    }
    return out;
}

Status SavesetReader::read(
    std::int64_t saveset_id, format::StreamSink& sink, std::uint64_t from, std::uint64_t to,
    Hint hint, const std::function<void(const BadBlock&)>& on_bad_block,
    const std::function<void(const std::string&, const std::string&)>& on_object_error) {
    std::vector<StreamTarget> one(1);
    one[0] = {saveset_id, &sink, from, to, hint, on_object_error, {}, {}};
    return read_streams(one, on_bad_block);
}

Status SavesetReader::read_streams(std::vector<StreamTarget>& targets,
                                   const std::function<void(const BadBlock&)>& on_bad_block) {
    SessionStreams plan;
    TL_TRY(plan_streams(db_, *this, targets, plan));
    auto& streams = plan.streams;
    const auto& session_uuid = plan.session_uuid;
    const auto& visits = plan.visits;
    const auto& index = plan.index;
    const auto& key_id = plan.key_id;
    TL_TRY(check_present(lib_, db_, visits));

    // An encrypted session: its key must be in the store before anything is read.
    const bool undecoded = blocks_only_ || sealed_as_is_;
    auto cipher =
        undecoded ? Result<std::unique_ptr<format::ChunkCipher>>(nullptr)
                  : open_session_cipher(crypto::KeyStore::in_home(home_), key_id, plan.seal_uuid);
    if (!cipher) return cipher.error();
    const format::Uuid sealed_by = uuid_of(plan.seal_uuid);
    BlockDecoding decoding;
    decoding.cipher = cipher->get();
    decoding.sealed_by = &sealed_by;
    decoding.undecoded = undecoded;
    decoding.sealed_as_is = sealed_as_is_;

    auto& drive = lib_.drive(drive_);
    MediaReader media(drive); // the one media reader (job/media_reader.h), on the reading side
    VisitReading reading{lib_,     drive_, media,    session_uuid,
                         decoding, stats_, mounted_, on_mounted_};
    std::size_t remaining = streams.size();
    Status result;
    auto parse = [&](BlockItem& it) {
        if (it.fatal) {
            result = it.st;
            return false;
        }
        if (auto fs = feed_block(it, streams, index, remaining, on_bad_block, decoding, stats_);
            !fs) {
            result = fs;
            remaining = 0;
        }
        return remaining != 0;
    };
    if (drive.reads_from_memory()) {
        // Nothing to wait for: each block is parsed on this thread as it is read
        // (job/block_handover.h).
        StraightHandover straight(parse);
        reading.in_place = true;
        read_visits(reading, visits, straight);
    } else {
        // Two threads: one reads blocks (mount, seek, read, CRC check) ahead into a small
        // bounded queue; this one parses, hashes and writes them. A restore then runs at the
        // pace of the slower half instead of the sum of both.
        BlockQueue queue;
        std::thread reader([&] { read_visits(reading, visits, queue); });
        while (auto it = queue.next()) {
            const bool more = parse(*it);
            queue.recycle(std::move(it), !more);
            if (!more) break;
        }
        queue.stop();
        reader.join();
    }
    if (!result || undecoded) return result;
    finish_streams(streams);
    return {};
}

} // namespace tl::job
