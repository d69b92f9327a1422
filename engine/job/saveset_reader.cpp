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
#include "common/log.h"
#include "format/block.h"
#include "format/constants.h"
#include "job/sealed_blocks.h"

namespace tl::job {

SavesetReader::SavesetReader(device::Library& library, catalog::Db& db, std::size_t drive)
    : lib_(library), db_(db), drive_(drive) {}

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
    struct Visit {
        std::uint32_t volume_seq = 0;
        std::string barcode;
        std::uint32_t file_number = 0;
        std::uint64_t start_pos = 0;
        std::uint32_t first = ~0u, last = 0;
    };
    std::vector<Stream> streams;
    std::vector<std::uint8_t> session_uuid;
    std::vector<std::uint8_t> seal_uuid; // whose chunk key sealed the data (a copy: the original)
    std::string key_id;                  // the session's key ("" = written in clear)
    std::map<std::tuple<std::uint32_t, std::string, std::uint32_t>, Visit> visits;
    for (auto& t : targets) {
        auto q = catalog::saveset_stream(db_, t.saveset_id);
        if (!q) return q.error();
        if (!q.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(t.saveset_id) + " does not exist");
        const std::string& blob = q.value()->session_uuid;
        const std::vector<std::uint8_t> u(blob.begin(), blob.end());
        if (!session_uuid.empty() && u != session_uuid)
            return make_error(ErrorKind::Internal, "read_streams: save sets of different sessions");
        session_uuid = u;
        seal_uuid.assign(q.value()->seal_uuid.begin(), q.value()->seal_uuid.end());
        key_id = q.value()->key_id;
        Stream s;
        s.t = &t;
        s.stream_id = q.value()->stream_id;
        s.parser = std::make_unique<format::StreamParser>(*t.sink, s.stream_id);
        if (t.from > 0) s.parser->resync_at(t.from);
        streams.push_back(std::move(s));
        auto ex = extents(t.saveset_id);
        if (!ex) return ex.error();
        for (const auto& e : ex.value()) {
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
    std::map<std::uint32_t, std::size_t> index;
    for (std::size_t i = 0; i < streams.size(); ++i)
        index[streams[i].stream_id] = i;

    // Every volume needed must be in the library before anything is read.
    auto present = lib_.barcodes();
    if (!present) return present.error();
    std::vector<std::string> missing;
    for (const auto& [key, v] : visits)
        if (std::find(present->begin(), present->end(), v.barcode) == present->end() &&
            std::find(missing.begin(), missing.end(), v.barcode) == missing.end())
            missing.push_back(v.barcode);
    if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing)
            list += (list.empty() ? "" : ", ") + m;
        return make_error(ErrorKind::MediaMissing,
                          "volume(s) not in the library: " + list +
                              "; insert them into a mail slot and import them");
    }

    // An encrypted session: its key must be in the store before anything is read.
    const bool undecoded = blocks_only_ || sealed_as_is_;
    auto cipher = undecoded ? Result<std::unique_ptr<format::ChunkCipher>>(nullptr)
                            : open_session_cipher(crypto::KeyStore::beside_catalog(db_.path()),
                                                  key_id, seal_uuid);
    if (!cipher) return cipher.error();
    const format::Uuid sealed_by = uuid_of(seal_uuid);

    // Two threads: this one reads blocks (mount, seek, read, CRC check) ahead into a small
    // bounded queue; the parse / hash / write side consumes them. A restore then runs at the
    // pace of the slower half instead of the sum of both.
    struct Item {
        std::vector<std::uint8_t> data;
        format::ParsedBlock parsed;
        Status st;
        bool filemark = false;
        const Visit* v = nullptr;
        std::uint32_t b = 0;
        bool fatal = false; // st ends the read
    };
    constexpr std::size_t kAhead = 8;
    std::mutex qm;
    std::condition_variable qcv;
    std::deque<std::unique_ptr<Item>> ready, spare;
    bool producer_done = false, stop = false;
    for (std::size_t i = 0; i < kAhead; ++i)
        spare.push_back(std::make_unique<Item>());
    auto& drive = lib_.drive(drive_);
    std::thread producer([&] {
        auto take = [&]() -> std::unique_ptr<Item> {
            std::unique_lock lock(qm);
            qcv.wait(lock, [&] { return !spare.empty() || stop; });
            if (stop) return nullptr;
            auto it = std::move(spare.front());
            spare.pop_front();
            return it;
        };
        auto give = [&](std::unique_ptr<Item> it) {
            std::lock_guard lock(qm);
            ready.push_back(std::move(it));
            qcv.notify_all();
        };
        auto fatal = [&](const Error& e) {
            auto it = take();
            if (!it) return;
            it->st = e;
            it->fatal = true;
            give(std::move(it));
        };
        for (const auto& [key, v] : visits) {
            if (mounted_ != v.barcode) {
                // Close first: a reader waiting for a cartridge holds none, so two readers that
                // want each other's cartridges can never wait forever.
                if (drive.is_open())
                    if (auto st = drive.close(); !st) return fatal(st.error());
                mounted_.clear();
                // Mount and open as one step: between the two another reader may take the
                // cartridge; then both are simply tried again.
                for (int waited_ms = 0;; waited_ms += 20) {
                    auto m = lib_.mount(drive_, v.barcode);
                    if (m) {
                        auto op = drive.open(true);
                        if (op) break;
                        m = op;
                    }
                    const auto kind = m.error().kind;
                    if ((kind != ErrorKind::Busy && kind != ErrorKind::NoMedium) ||
                        waited_ms > 30 * 60 * 1000)
                        return fatal(m.error());
                    {
                        std::lock_guard lock(qm);
                        if (stop) return;
                    }
                    std::this_thread::sleep_for(
                        std::chrono::milliseconds(20)); // another reader has it
                }
                mounted_ = v.barcode;
                stats_.volumes.push_back(v.barcode);
            }
            if (auto st = drive.seek(v.start_pos + v.first); !st) return fatal(st.error());
            stats_.seeks++;
            for (std::uint32_t b = v.first; b <= v.last; ++b) {
                auto it = take();
                if (!it) return;
                it->v = &v;
                it->b = b;
                it->filemark = false;
                it->fatal = false;
                it->data.resize(format::kMaxBlockSize);
                auto n = drive.read_block(it->data.data(), it->data.size());
                if (!n)
                    it->st = n.error();
                else if (n.value() == 0) {
                    it->st = make_error(ErrorKind::Corrupt, "unexpected filemark");
                    it->filemark = true;
                } else {
                    stats_.blocks_read++;
                    stats_.bytes_read += n.value();
                    auto parsed = format::parse_block(it->data.data(), n.value());
                    if (!parsed)
                        it->st = parsed.error();
                    else {
                        it->parsed = std::move(parsed.value());
                        const auto& h = it->parsed.header;
                        it->st = Status{};
                        if (h.tape_file != v.file_number || h.block_in_file != b ||
                            !std::equal(session_uuid.begin(), session_uuid.end(),
                                        h.session_uuid.bytes.begin()))
                            it->st = make_error(
                                ErrorKind::Corrupt,
                                "block found at tape file " + std::to_string(v.file_number) +
                                    " block " + std::to_string(b) + " on " + v.barcode +
                                    " belongs elsewhere (tape file " + std::to_string(h.tape_file) +
                                    " block " + std::to_string(h.block_in_file) + ")");
                        else if (sealed_as_is_ && h.version == format::kBlockVersionSealed) {
                            it->fatal = true;
                            it->st = make_error(
                                ErrorKind::Unsupported,
                                "block " + std::to_string(b) + " of tape file " +
                                    std::to_string(v.file_number) + " on " + v.barcode +
                                    " is of block version 2 (an early encrypting build): its "
                                    "chunks are bound to their block and cannot be copied "
                                    "sealed; clone it with --reencrypt and the key at hand");
                        } else if (!undecoded)
                            it->st = unseal(it->data.data(), it->parsed, cipher->get(), &sealed_by);
                    }
                }
                const bool fm = it->filemark, end = it->fatal;
                give(std::move(it));
                if (end) return;
                if (fm) break;
            }
        }
        std::lock_guard lock(qm);
        producer_done = true;
        qcv.notify_all();
    });

    std::size_t remaining = streams.size();
    Status result;
    for (;;) {
        std::unique_ptr<Item> it;
        {
            std::unique_lock lock(qm);
            qcv.wait(lock, [&] { return !ready.empty() || producer_done; });
            if (ready.empty()) break;
            it = std::move(ready.front());
            ready.pop_front();
        }
        if (it->fatal) {
            result = it->st;
            break;
        }
        const Visit& v = *it->v;
        const std::uint32_t b = it->b;
        if (!it->st) {
            if (on_bad_block) on_bad_block({v.barcode, v.file_number, b, it->st.error().message});
            for (auto& s : streams)
                if (!s.done)
                    s.object_error("block " + std::to_string(b) + " of tape file " +
                                   std::to_string(v.file_number) + " on " + v.barcode +
                                   " unreadable: " + it->st.error().message);
        } else if (sealed_as_is_) {
            for (const auto& c : it->parsed.chunks) {
                auto idx = index.find(c.stream_id);
                if (idx == index.end() || !streams[idx->second].t->on_sealed_chunk) continue;
                stats_.stream_bytes += c.length;
                if (auto cs = streams[idx->second].t->on_sealed_chunk(c); !cs) {
                    result = cs;
                    remaining = 0;
                    break;
                }
            }
        } else if (!blocks_only_) {
            for (std::uint32_t ci = 0; ci < it->parsed.chunks.size(); ++ci) {
                const auto& c = it->parsed.chunks[ci];
                auto idx = index.find(c.stream_id);
                if (idx == index.end()) continue;
                auto& s = streams[idx->second];
                if (s.done) continue;
                if (format::failed_auth(c)) { // only the objects in this chunk are lost
                    const std::string why = format::auth_failure(it->parsed.header, ci, c);
                    if (on_bad_block) on_bad_block({v.barcode, v.file_number, b, why});
                    s.object_error(why + " on " + v.barcode);
                    continue;
                }
                const std::uint64_t c_end = c.stream_offset + c.length;
                if (c.stream_offset >= s.t->to) { // past the wanted range: this stream is done
                    s.done = true;
                    --remaining;
                    continue;
                }
                if (c_end <= s.t->from) continue;
                if (s.need_resync) {
                    if (c.first_boundary == format::kNoBoundary) continue;
                    s.parser->resync_at(c.stream_offset + c.first_boundary);
                    s.need_resync = false;
                }
                stats_.stream_bytes += c.length;
                // Only the wanted range reaches the parser: `to` ends an object, and the objects
                // after it in the same chunk belong to the next positioned read (or to nobody),
                // so feeding them here would restore them twice, or restore unselected files.
                const std::size_t len =
                    static_cast<std::size_t>(std::min(c_end, s.t->to) - c.stream_offset);
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
                if (s.t->on_chunk)
                    if (auto cs = s.t->on_chunk(c.stream_offset, c.data, c.length); !cs) {
                        result = cs;
                        remaining = 0;
                        break;
                    }
                if (s.parser->next_offset() >= s.t->to && s.parser->between_objects()) {
                    s.done = true;
                    --remaining;
                }
            }
        }
        {
            std::lock_guard lock(qm);
            spare.push_back(std::move(it));
            if (remaining == 0) stop = true;
            qcv.notify_all();
        }
        if (remaining == 0) break;
    }
    {
        std::lock_guard lock(qm);
        stop = true;
        qcv.notify_all();
    }
    producer.join();
    if (!result || undecoded) return result;
    for (auto& s : streams)
        if (!s.done && !s.need_resync && s.t->to == ~std::uint64_t{0})
            if (auto fin = s.parser->finish(); !fin) s.object_error(fin.error().message);
    return {};
}

} // namespace tl::job
