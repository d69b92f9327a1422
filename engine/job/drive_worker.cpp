#include "job/drive_worker.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstring>

#include "common/log.h"
#include "format/block.h"
#include "format/stream_start.h"
#include "job/chunk_sealer.h"

namespace tl::job {

namespace {
constexpr std::size_t kMinChunk = 512; // smaller leftovers end the block
} // namespace

DriveWorker::DriveWorker(DriveWorkerConfig cfg, device::TapeDrive& drive, VolumeManager& volumes,
                         CatalogWriter& catalog, DriveSignal& signal, NextSource next,
                         StreamDone done)
    : cfg_(std::move(cfg)), drive_(drive), volumes_(volumes), catalog_(catalog), sig_(signal),
      next_(std::move(next)), done_(std::move(done)) {
    apply_encryption();
}

void DriveWorker::apply_encryption() {
    if (cfg_.cipher)
        builder_.set_seal_policy({cfg_.cipher.get(), cfg_.encryption.names_sealed, false});
    else if (!cfg_.encryption.seal_session.is_nil())
        builder_.set_seal_policy({nullptr, false, true});
}

Status DriveWorker::fill_slots() {
    while (!no_more_sources_ && active_.size() < cfg_.sessions) {
        auto a = next_(cfg_.drive_index);
        if (!a) {
            no_more_sources_ = true;
            break;
        }
        auto s = std::make_unique<Active>();
        s->a = *a;
        saveset_of_[a->stream_id] = a->saveset_id;
        all_streams_.push_back(a->info);
        const bool file_open = vol_.has_value();
        active_.push_back(std::move(s));
        if (file_open) {
            std::vector<std::uint8_t> rec;
            format::encode_stream_start(a->info, rec);
            TL_TRY(write_control(rec));
        }
    }
    return {};
}

DriveWorker::Active* DriveWorker::pick_stream(bool& all_done) {
    std::unique_lock lock(sig_.mutex);
    for (;;) {
        if (sig_.cancelled) {
            all_done = false;
            return nullptr;
        }
        if (active_.empty()) {
            all_done = true;
            return nullptr;
        }
        const std::size_t n = active_.size();
        for (std::size_t i = 0; i < n; ++i) {
            Active* s = active_[(rr_ + i) % n].get();
            if (s->a.channel->front_locked()) {
                rr_ = (rr_ + i + 1) % n;
                return s;
            }
        }
        set_state(DriveState::Waiting);
        sig_.cv.wait(lock);
        set_state(DriveState::Writing);
    }
}

Status DriveWorker::run() {
    block_ = make_io_block(cfg_.block_size);
    TL_TRY(fill_slots());
    if (active_.empty()) {
        set_state(DriveState::Done);
        return {};
    }
    TL_TRY(start_volume(false));
    for (;;) {
        bool all_done = false;
        Active* s = pick_stream(all_done);
        if (!s) {
            if (all_done) break;
            return make_error(ErrorKind::Cancelled, "backup cancelled");
        }
        StreamBuffer* b = nullptr;
        {
            std::lock_guard lock(sig_.mutex);
            b = s->a.channel->front_locked();
        }
        TL_TRY(place_chunk(*s, *b));
        if (b->consumed == b->size) {
            const bool last = b->last;
            for (auto& r : b->completed)
                block_completions_.emplace_back(s->a.stream_id, std::move(r));
            {
                std::lock_guard lock(sig_.mutex);
                s->a.channel->pop_locked();
            }
            if (last) {
                const auto id = s->a.saveset_id;
                const auto bytes = s->next_offset;
                active_.erase(std::find_if(active_.begin(), active_.end(),
                                           [s](const auto& p) { return p.get() == s; }));
                rr_ = 0;
                done_(id, bytes);
                TL_TRY(fill_slots());
            }
        }
    }
    TL_TRY(flush_block(true));
    TL_TRY(close_tape_file(false, true));
    TL_TRY(write_trailer());
    times_.on_tape = now();
    note_tape_start();
    vol_->next_file = file_number_; // past the trailer's filemark
    TL_TRY(volumes_.release(cfg_.drive_index, *vol_, false));
    times_.released = now();
    set_state(DriveState::Done);
    return {};
}

Status DriveWorker::make_room(std::size_t need) {
    if (block_open_ && builder_.free_for_chunk() < need) TL_TRY(flush_block(false));
    if (!block_open_) {
        builder_.reset(block_.get(), cfg_.block_size,
                       {cfg_.session_uuid, block_seq_, volume_seq_, format::block_flags::kData});
        block_open_ = true;
    }
    return {};
}

Status DriveWorker::place_copied_chunk(Active& s, StreamBuffer& b) {
    if (b.copied_next >= b.copied.size() || cfg_.encryption.seal_session.is_nil())
        return make_error(ErrorKind::Internal, "stream " + std::to_string(s.a.stream_id) +
                                                   ": a sealed copy without its chunk list");
    const CopiedChunk& c = b.copied[b.copied_next];
    TL_TRY(make_room(c.length));
    if (builder_.free_for_chunk() < c.length)
        return make_error(ErrorKind::InvalidArgument,
                          "a sealed chunk of " + std::to_string(c.length) +
                              " bytes does not fit a block of " + std::to_string(cfg_.block_size));
    const std::uint64_t off = b.offset + b.consumed;
    Placement pl{s.a.stream_id, off, off + c.length, {}};
    auto it = std::lower_bound(b.boundaries.begin(), b.boundaries.end(), off);
    for (; it != b.boundaries.end() && *it < off + c.length; ++it)
        pl.boundaries.push_back(*it);
    std::uint8_t* dst = builder_.begin_chunk(s.a.stream_id, off, c.flags, c.first_boundary);
    std::memcpy(dst, b.data.get() + b.consumed, c.length);
    std::memcpy(dst + c.length, c.tag.data(), format::kSealTagSize);
    builder_.end_sealed_chunk(c.length);
    placements_.push_back(std::move(pl));
    b.consumed += c.length;
    ++b.copied_next;
    s.next_offset = off + c.length;
    progress_.payload += c.length;
    if (builder_.free_for_chunk() < kMinChunk) TL_TRY(flush_block(false));
    return {};
}

bool DriveWorker::takes_whole(const StreamBuffer& b) const {
    if (b.block_headroom != format::kBlockHeaderSize + format::kChunkHeaderSize ||
        b.block_headroom + b.capacity != cfg_.block_size || b.consumed != 0 || b.size == 0 ||
        b.sealed_unit != 0 || !b.copied.empty() || cfg_.cipher ||
        !cfg_.encryption.seal_session.is_nil())
        return false;
    // A block with chunks in it already is ended first (its rest padded) for a full buffer only:
    // a buffer that is not full is copied into it instead, as it would have been.
    return !block_open_ || builder_.chunk_count() == 0 || b.free() < kMinChunk;
}

Status DriveWorker::place_whole(Active& s, StreamBuffer& b) {
    if (block_open_ && builder_.chunk_count() > 0) TL_TRY(flush_block(false));
    b.swap_block(block_); // block_ now holds the buffer's bytes where its chunk's payload goes
    builder_.reset(block_.get(), cfg_.block_size,
                   {cfg_.session_uuid, block_seq_, volume_seq_, format::block_flags::kData});
    block_open_ = true;
    const std::size_t len = b.size;
    const std::uint64_t off = b.offset;
    Placement pl{s.a.stream_id, off, off + len, {}};
    pl.boundaries.assign(b.boundaries.begin(), b.boundaries.end());
    const ChunkFields f = chunk_fields(b, 0, len);
    [[maybe_unused]] std::uint8_t* dst =
        builder_.begin_chunk(s.a.stream_id, off, f.flags, f.first_boundary);
    assert(dst == block_.get() + b.block_headroom);
    builder_.end_chunk_with_crc(len, b.crc);
    placements_.push_back(std::move(pl));
    b.consumed = len;
    s.next_offset = off + len;
    progress_.payload += len;
    if (builder_.free_for_chunk() < kMinChunk) TL_TRY(flush_block(false));
    return {};
}

Status DriveWorker::place_chunk(Active& s, StreamBuffer& b) {
    if (b.consumed == b.size) return {}; // an empty last buffer
    if (!b.copied.empty()) return place_copied_chunk(s, b);
    if (takes_whole(b)) return place_whole(s, b);
    if (b.seal_failed || (b.sealed_unit && !cfg_.cipher))
        return make_error(ErrorKind::Io, "drive " + std::to_string(cfg_.drive_index) + ": stream " +
                                             std::to_string(s.a.stream_id) +
                                             " could not be encrypted; the job fails");
    // A sealed unit goes whole into one chunk; clear bytes fill what the block has left.
    const std::size_t left = b.size - b.consumed;
    const std::size_t unit = b.sealed_unit ? std::min(b.sealed_unit, left) : 0;
    TL_TRY(make_room(unit ? unit : kMinChunk));
    const std::size_t len = unit ? unit : std::min(builder_.free_for_chunk(), left);
    const std::uint64_t off = b.offset + b.consumed;
    Placement pl{s.a.stream_id, off, off + len, {}};
    auto it = std::lower_bound(b.boundaries.begin(), b.boundaries.end(), off);
    for (; it != b.boundaries.end() && *it < off + len; ++it)
        pl.boundaries.push_back(*it);
    const ChunkFields f = chunk_fields(b, b.consumed, len);
    std::uint8_t* dst = builder_.begin_chunk(s.a.stream_id, off, f.flags, f.first_boundary);
    std::memcpy(dst, b.data.get() + b.consumed, len);
    if (unit) {
        std::memcpy(dst + len, b.tags[b.consumed / b.sealed_unit].data(), format::kSealTagSize);
        builder_.end_sealed_chunk(len);
    } else {
        builder_.end_chunk(len);
    }
    placements_.push_back(std::move(pl));
    b.consumed += len;
    s.next_offset = off + len;
    progress_.payload += len;
    if (builder_.free_for_chunk() < kMinChunk) TL_TRY(flush_block(false));
    return {};
}

Status DriveWorker::flush_block(bool) {
    if (!block_open_) return {};
    if (builder_.chunk_count() == 0) {
        block_open_ = false;
        return {};
    }
    return write_current_block();
}

Status DriveWorker::write_current_block() {
    builder_.finish(file_number_, block_in_file_);
    block_open_ = false;
    if (builder_.seal_failed())
        return make_error(ErrorKind::Io, "drive " + std::to_string(cfg_.drive_index) +
                                             ": a chunk could not be encrypted (OpenSSL); "
                                             "nothing more is written, the job fails");
    Status st = hand_block();
    if (!st && st.error().kind == ErrorKind::NoSpace) {
        // End of medium: this block is not on tape. Close the volume, continue the session on
        // the next one, and write the same block (same sequence number) there.
        log::get("job")->info("{}: end of medium on {}, continuing on the next volume",
                              drive_.name(), vol_->barcode);
        TL_TRY(close_tape_file(true));
        vol_->next_file = file_number_;
        TL_TRY(volumes_.release(cfg_.drive_index, *vol_, true));
        ++volume_seq_;
        TL_TRY(start_volume(true));
        TL_TRY(format::patch_block_position(block_.get(), cfg_.block_size, volume_seq_,
                                            file_number_, block_in_file_));
        st = hand_block();
    }
    if (!st) return st;

    const Pos here{vol_->id, file_number_, block_in_file_};
    for (const auto& pl : placements_) {
        if (pl.stream_id == format::kControlStream) continue; // control records are not a save set
        auto& heads = headers_[pl.stream_id];
        for (auto off : pl.boundaries)
            heads[off] = here;
        auto [ext, fresh] = file_extents_.try_emplace(pl.stream_id);
        if (fresh) {
            ext->second.begin = pl.offset;
            ext->second.first_block = block_in_file_;
        }
        ext->second.end = pl.end;
        ext->second.last_block = block_in_file_;
    }
    for (auto& [sid, r] : block_completions_) {
        auto& heads = headers_[sid];
        auto h = heads.find(r.offset);
        if (h == heads.end())
            return make_error(ErrorKind::Internal, "object at stream offset " +
                                                       std::to_string(r.offset) + " of stream " +
                                                       std::to_string(sid) +
                                                       " has no recorded position");
        r.volume_id = h->second.volume_id;
        r.file_number = h->second.file_number;
        r.block = h->second.block;
        heads.erase(h);
        format::IndexObject o;
        o.stream_id = sid;
        o.header_offset = r.offset;
        o.size = r.size;
        o.hash = hash_from_bytes(r.hash);
        o.path = r.dir.empty() ? r.name : r.dir + "/" + r.name;
        volume_objects_.push_back(std::move(o));
        if (cfg_.catalog_files) batch_.files.push_back(std::move(r));
    }
    placements_.clear();
    block_completions_.clear();
    ++block_in_file_;
    ++block_seq_;
    file_bytes_ += cfg_.block_size;
    count_block();
    if (file_bytes_ >= cfg_.checkpoint_bytes || batch_.files.size() >= cfg_.checkpoint_entries) {
        TL_TRY(close_tape_file(false));
        TL_TRY(open_tape_file(format::HeaderKind::Checkpoint));
    }
    return {};
}

Status DriveWorker::hand_block(const std::uint8_t* data) {
    if (times_.first_block < 0) times_.first_block = now();
    Status st = data ? drive_.write_block(data, cfg_.block_size)
                     : drive_.write_block_swap(block_, cfg_.block_size, cfg_.block_size);
    if (!st) return st;
    times_.last_block = now();
    note_tape_start();
    return {};
}

void DriveWorker::note_tape_start() {
    if (times_.tape_start >= 0 || !cfg_.at) return;
    const auto ns = drive_.counters().tape_started_ns.load(std::memory_order_relaxed);
    if (ns == device::DriveCounters::kTapeNotStarted) return;
    times_.tape_start = cfg_.at(Clock::Mono{} + std::chrono::nanoseconds(ns));
}

Status DriveWorker::start_volume(bool continuation) {
    set_state(DriveState::Mounting);
    const double mount_start = cfg_.now ? cfg_.now() : 0;
    const std::uint64_t positioned_before = drive_.counters().reposition_ns.load();
    std::string prev_barcode;
    format::Uuid prev_uuid;
    if (vol_) {
        prev_barcode = vol_->barcode;
        prev_uuid = vol_->uuid;
    }
    if (times_.mount_start < 0 && cfg_.now) times_.mount_start = mount_start;
    auto m = volumes_.acquire(cfg_.drive_index);
    if (!m) return m.error();
    if (times_.mounted < 0) times_.mounted = now();
    vol_ = m.value();
    volumes_used_.push_back(vol_->barcode);
    progress_.set_volume(vol_->barcode);
    if (cfg_.now) {
        // The mount included positioning to the end of data; show that part as positioning.
        const double now = cfg_.now();
        const double positioned =
            static_cast<double>(drive_.counters().reposition_ns.load() - positioned_before) / 1e9;
        const double split = std::max(mount_start, now - positioned);
        if (split < now) progress_.timeline.enter(metrics::Activity::Positioning, split);
    }
    progress_.volumes++;
    file_number_ = vol_->next_file;
    checkpoint_ = 0;
    volume_objects_.clear();
    volume_extents_.clear();
    prev_barcode_ = prev_barcode;
    prev_uuid_ = prev_uuid;
    TL_TRY(open_tape_file(continuation ? format::HeaderKind::Continuation
                                       : format::HeaderKind::SessionStart));
    set_state(DriveState::Writing);
    return {};
}

Status DriveWorker::open_tape_file(format::HeaderKind kind) {
    auto pos = drive_.tell();
    if (!pos) return pos.error();
    file_start_pos_ = pos.value();
    file_first_seq_ = block_seq_;
    format::SessionHeader h;
    h.kind = kind;
    h.session_uuid = cfg_.session_uuid;
    h.job_id = cfg_.job_id;
    h.start_time = cfg_.job_started;
    h.host = cfg_.host;
    h.block_size = static_cast<std::uint32_t>(cfg_.block_size);
    h.codec = cfg_.codec;
    h.volume_seq = volume_seq_;
    h.checkpoint = kind == format::HeaderKind::Checkpoint ? ++checkpoint_ : 0;
    h.prev_volume_uuid = prev_uuid_;
    h.prev_volume_barcode = prev_barcode_;
    h.next_block_seq = block_seq_ + 1;
    h.streams = all_streams_;
    h.encryption = cfg_.encryption;
    for (const auto& s : active_)
        h.resume.push_back({s->a.stream_id, s->next_offset});
    ctl_block_.assign(cfg_.block_size, 0);
    TL_TRY(format::encode_session_header_block(h, {cfg_.session_uuid, block_seq_, volume_seq_, 0},
                                               file_number_, ctl_block_.data(), cfg_.block_size));
    TL_TRY(hand_block(ctl_block_.data()));
    block_in_file_ = 1;
    ++block_seq_;
    file_bytes_ = cfg_.block_size;
    count_block();
    return {};
}

Status DriveWorker::close_tape_file(bool volume_full, bool trailer_follows) {
    TL_TRY(trailer_follows ? drive_.write_filemarks_immediate(1) : drive_.write_filemarks(1));
    batch_.tape_file = {cfg_.session_id, vol_->id,       volume_seq_,     file_number_,
                        file_start_pos_, block_in_file_, file_first_seq_, file_bytes_};
    for (const auto& [sid, e] : file_extents_) {
        batch_.extents.push_back({saveset_of_[sid], e.begin, e.end, vol_->id, file_number_,
                                  e.first_block, e.last_block});
        volume_extents_.push_back(
            {sid, e.begin, e.end, volume_seq_, file_number_, e.first_block, e.last_block});
    }
    batch_.volume_next_file = file_number_ + 1;
    batch_.volume_full = volume_full;
    if (trailer_follows)
        held_batch_ = std::move(batch_);
    else
        catalog_.submit(std::move(batch_));
    batch_ = CatalogBatch{};
    file_extents_.clear();
    ++file_number_;
    return {};
}

Status DriveWorker::write_control(const std::vector<std::uint8_t>& record) {
    // A small record rides in the data block being built; it starts a fresh block otherwise.
    std::size_t done = 0;
    while (done < record.size()) {
        if (!block_open_) {
            builder_.reset(
                block_.get(), cfg_.block_size,
                {cfg_.session_uuid, block_seq_, volume_seq_, format::block_flags::kData});
            block_open_ = true;
        }
        if (builder_.free_for_chunk() < kMinChunk) {
            TL_TRY(flush_block(false));
            continue;
        }
        const std::size_t len = std::min(builder_.free_for_chunk(), record.size() - done);
        std::uint8_t* dst = builder_.begin_chunk(format::kControlStream, control_offset_, 0,
                                                 done == 0 ? 0 : format::kNoBoundary);
        std::memcpy(dst, record.data() + done, len);
        builder_.end_chunk(len);
        placements_.push_back({format::kControlStream, control_offset_, control_offset_ + len, {}});
        control_offset_ += len;
        done += len;
    }
    return {};
}

Status DriveWorker::write_trailer() {
    // Its own tape file of control blocks: this volume's index, then the session trailer.
    auto pos = drive_.tell();
    if (!pos) return pos.error();
    file_start_pos_ = pos.value();
    file_first_seq_ = block_seq_;
    block_in_file_ = 0;
    file_bytes_ = 0;
    format::IndexSegment seg;
    seg.session_uuid = cfg_.session_uuid;
    seg.objects = std::move(volume_objects_);
    seg.extents = std::move(volume_extents_);
    std::vector<std::uint8_t> rec;
    format::encode_index_segment(seg, rec);
    const format::RecordLocation seg_loc{volume_seq_, file_number_, 0, control_offset_};
    format::SessionTrailer t;
    t.session_uuid = cfg_.session_uuid;
    t.job_id = cfg_.job_id;
    t.end_time = cfg_.unix_now();
    t.volume_seq = volume_seq_;
    t.objects = seg.objects.size();
    t.index_segments.push_back(seg_loc);
    format::encode_session_trailer(t, rec);
    std::size_t done = 0;
    while (done < rec.size()) {
        builder_.reset(block_.get(), cfg_.block_size,
                       {cfg_.session_uuid, block_seq_, volume_seq_,
                        static_cast<std::uint16_t>(format::block_flags::kControl |
                                                   format::block_flags::kTrailer)});
        const std::size_t len = std::min(builder_.free_for_chunk(), rec.size() - done);
        std::uint8_t* dst = builder_.begin_chunk(format::kControlStream, control_offset_, 0,
                                                 done == 0 ? 0 : format::kNoBoundary);
        std::memcpy(dst, rec.data() + done, len);
        builder_.end_chunk(len);
        done += len;
        control_offset_ += len;
        if (done == rec.size()) builder_.add_block_flags(format::block_flags::kLast);
        builder_.finish(file_number_, block_in_file_);
        TL_TRY(hand_block());
        ++block_in_file_;
        ++block_seq_;
        file_bytes_ += cfg_.block_size;
        count_block();
    }
    TL_TRY(drive_.write_filemarks(1)); // synchronous: the data file before it is durable too
    if (held_batch_) {
        catalog_.submit(std::move(*held_batch_));
        held_batch_.reset();
    }
    CatalogBatch b;
    b.tape_file = {cfg_.session_id, vol_->id,       volume_seq_,     file_number_,
                   file_start_pos_, block_in_file_, file_first_seq_, file_bytes_};
    b.volume_next_file = file_number_ + 1;
    catalog_.submit(std::move(b));
    ++file_number_;
    return {};
}

void DriveWorker::set_state(DriveState s) {
    progress_.state = static_cast<int>(s);
    if (!cfg_.now) return;
    metrics::Activity a = metrics::Activity::Idle;
    switch (s) {
    case DriveState::Idle:
    case DriveState::Waiting: // waiting for data from the sources: the drive idles
        a = metrics::Activity::Idle;
        break;
    case DriveState::Mounting:
        a = metrics::Activity::Mounting;
        break;
    case DriveState::Writing:
        a = metrics::Activity::Writing;
        break;
    case DriveState::Done:
        a = metrics::Activity::Done;
        break;
    }
    progress_.timeline.enter(a, cfg_.now());
}

} // namespace tl::job
