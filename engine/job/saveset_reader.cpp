#include "job/saveset_reader.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <thread>
#include <tuple>

#include "common/log.h"
#include "format/block.h"
#include "format/constants.h"

namespace tl::job {

SavesetReader::SavesetReader(device::Library& library, catalog::Db& db, std::size_t drive)
    : lib_(library), db_(db), drive_(drive) {}

Result<std::vector<ExtentRow>> SavesetReader::extents(std::int64_t saveset_id) {
    auto q = db_.prepare(
        "SELECT e.offset, e.end_offset, e.volume_id, v.barcode, e.file_number, "
        "e.first_block, e.last_block, "
        "tf.start_pos, tf.volume_seq FROM extents e JOIN savesets s ON s.id=e.saveset_id JOIN "
        "volumes v ON v.id=e.volume_id "
        "JOIN tape_files tf ON tf.session_id=s.session_id AND "
        "tf.volume_id=e.volume_id AND tf.file_number=e.file_number "
        "WHERE e.saveset_id=? ORDER BY e.offset");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    std::vector<ExtentRow> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        ExtentRow e;
        e.offset = static_cast<std::uint64_t>(q->i64(0));
        e.end_offset = static_cast<std::uint64_t>(q->i64(1));
        e.volume_id = q->i64(2);
        e.barcode = q->text(3);
        e.file_number = static_cast<std::uint32_t>(q->i64(4));
        e.first_block = static_cast<std::uint32_t>(q->i64(5));
        e.last_block = static_cast<std::uint32_t>(q->i64(6));
        e.start_pos = static_cast<std::uint64_t>(q->i64(7));
        e.volume_seq = static_cast<std::uint32_t>(q->i64(8));
        out.push_back(e);
    }
    return out;
}

Status SavesetReader::read(
    std::int64_t saveset_id, format::StreamSink& sink, std::uint64_t from, std::uint64_t to,
    Hint hint, const std::function<void(const BadBlock&)>& on_bad_block,
    const std::function<void(const std::string&, const std::string&)>& on_object_error) {
    std::vector<StreamTarget> one(1);
    one[0] = {saveset_id, &sink, from, to, hint, on_object_error};
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
    std::map<std::tuple<std::uint32_t, std::string, std::uint32_t>, Visit> visits;
    for (auto& t : targets) {
        auto q = db_.prepare("SELECT s.stream_id, se.uuid FROM savesets s JOIN sessions se ON "
                             "se.id=s.session_id WHERE s.id=?");
        if (!q) return q.error();
        q->bind(1, t.saveset_id);
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(t.saveset_id) + " does not exist");
        const std::string blob = q->blob(1);
        const std::vector<std::uint8_t> u(blob.begin(), blob.end());
        if (!session_uuid.empty() && u != session_uuid)
            return make_error(ErrorKind::Internal, "read_streams: save sets of different sessions");
        session_uuid = u;
        Stream s;
        s.t = &t;
        s.stream_id = static_cast<std::uint32_t>(q->i64(0));
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

    auto& drive = lib_.drive(drive_);
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    format::BlockReader reader;
    std::size_t remaining = streams.size();
    for (const auto& [key, v] : visits) {
        if (remaining == 0) break;
        if (mounted_ != v.barcode) {
            // Close first: a reader waiting for a cartridge holds none, so two readers that
            // want each other's cartridges can never wait forever.
            if (drive.is_open()) TL_TRY(drive.close());
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
                    return m.error();
                std::this_thread::sleep_for(std::chrono::milliseconds(20)); // another reader has it
            }
            mounted_ = v.barcode;
            stats_.volumes.push_back(v.barcode);
        }
        TL_TRY(drive.seek(v.start_pos + v.first));
        stats_.seeks++;
        for (std::uint32_t b = v.first; b <= v.last && remaining > 0; ++b) {
            auto n = drive.read_block(buf.data(), buf.size());
            Status st;
            if (!n)
                st = n.error();
            else if (n.value() == 0)
                st = make_error(ErrorKind::Corrupt, "unexpected filemark");
            else {
                stats_.blocks_read++;
                stats_.bytes_read += n.value();
                st = reader.parse(buf.data(), n.value());
                if (st && (reader.header().tape_file != v.file_number ||
                           reader.header().block_in_file != b ||
                           !std::equal(session_uuid.begin(), session_uuid.end(),
                                       reader.header().session_uuid.bytes.begin())))
                    st = make_error(ErrorKind::Corrupt,
                                    "block found at tape file " + std::to_string(v.file_number) +
                                        " block " + std::to_string(b) + " on " + v.barcode +
                                        " belongs elsewhere (tape file " +
                                        std::to_string(reader.header().tape_file) + " block " +
                                        std::to_string(reader.header().block_in_file) + ")");
            }
            if (!st) {
                if (on_bad_block) on_bad_block({v.barcode, v.file_number, b, st.error().message});
                for (auto& s : streams)
                    if (!s.done)
                        s.object_error("block " + std::to_string(b) + " of tape file " +
                                       std::to_string(v.file_number) + " on " + v.barcode +
                                       " unreadable: " + st.error().message);
                if (n && n.value() == 0) break;
                continue;
            }
            for (const auto& c : reader.chunks()) {
                auto it = index.find(c.stream_id);
                if (it == index.end()) continue;
                auto& s = streams[it->second];
                if (s.done) continue;
                const std::uint64_t c_end = c.stream_offset + c.length;
                if (c_end <= s.t->from || c.stream_offset >= s.t->to) continue;
                if (s.need_resync) {
                    if (c.first_boundary == format::kNoBoundary) continue;
                    s.parser->resync_at(c.stream_offset + c.first_boundary);
                    s.need_resync = false;
                }
                stats_.stream_bytes += c.length;
                auto fs = s.parser->feed(c.stream_offset, c.data, c.length);
                if (!fs) {
                    s.object_error(fs.error().message);
                    // The rest of this chunk may start the next object.
                    if (c.first_boundary != format::kNoBoundary &&
                        c.stream_offset + c.first_boundary > s.parser->next_offset()) {
                        s.parser->resync_at(c.stream_offset + c.first_boundary);
                        s.need_resync = false;
                        (void)s.parser->feed(c.stream_offset, c.data, c.length);
                    }
                }
                if (s.parser->next_offset() >= s.t->to && s.parser->between_objects()) {
                    s.done = true;
                    --remaining;
                }
            }
        }
    }
    for (auto& s : streams)
        if (!s.done && !s.need_resync && s.t->to == ~std::uint64_t{0})
            if (auto fin = s.parser->finish(); !fin) s.object_error(fin.error().message);
    return {};
}

} // namespace tl::job
