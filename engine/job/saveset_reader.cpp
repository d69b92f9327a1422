#include "job/saveset_reader.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "common/log.h"
#include "format/block.h"
#include "format/constants.h"

namespace tl::job {

SavesetReader::SavesetReader(device::Library& library, catalog::Db& db, std::size_t drive)
    : lib_(library), db_(db), drive_(drive) {}

Result<std::vector<ExtentRow>> SavesetReader::extents(std::int64_t saveset_id) {
    auto q = db_.prepare("SELECT e.offset, e.end_offset, e.volume_id, v.barcode, e.file_number, "
                         "e.first_block, e.last_block, "
                         "tf.start_pos FROM extents e JOIN savesets s ON s.id=e.saveset_id JOIN "
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
        out.push_back(e);
    }
    return out;
}

Status SavesetReader::read(
    std::int64_t saveset_id, format::StreamSink& sink, std::uint64_t from, std::uint64_t to,
    Hint hint, const std::function<void(const BadBlock&)>& on_bad_block,
    const std::function<void(const std::string&, const std::string&)>& on_object_error) {
    auto ex = extents(saveset_id);
    if (!ex) return ex.error();
    std::uint32_t stream_id = 0;
    std::vector<std::uint8_t> session_uuid;
    {
        auto q = db_.prepare("SELECT s.stream_id, se.uuid FROM savesets s JOIN sessions se ON "
                             "se.id=s.session_id WHERE s.id=?");
        if (!q) return q.error();
        q->bind(1, saveset_id);
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(saveset_id) + " does not exist");
        stream_id = static_cast<std::uint32_t>(q->i64(0));
        const std::string u = q->blob(1);
        session_uuid.assign(u.begin(), u.end());
    }
    // Every volume needed must be in the library before anything is read.
    auto present = lib_.barcodes();
    if (!present) return present.error();
    std::vector<std::string> missing;
    for (const auto& e : ex.value())
        if (e.end_offset > from && e.offset < to &&
            std::find(present->begin(), present->end(), e.barcode) == present->end() &&
            std::find(missing.begin(), missing.end(), e.barcode) == missing.end())
            missing.push_back(e.barcode);
    if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing)
            list += (list.empty() ? "" : ", ") + m;
        return make_error(ErrorKind::MediaMissing,
                          "volume(s) not in the library: " + list +
                              "; insert them into a mail slot and import them");
    }

    format::StreamParser parser(sink, stream_id);
    if (from > 0) parser.resync_at(from);
    auto& drive = lib_.drive(drive_);
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    format::BlockReader reader;
    bool need_resync = false;
    auto report_object_error = [&](const std::string& why) {
        const auto* obj = parser.current_object();
        if (on_object_error) on_object_error(obj ? obj->path : std::string(), why);
        need_resync = true;
    };
    for (const auto& e : ex.value()) {
        if (e.end_offset <= from || e.offset >= to) continue;
        if (mounted_ != e.barcode) {
            // Close first: a reader waiting for a cartridge holds none, so two readers that
            // want each other's cartridges can never wait forever.
            if (drive.is_open()) TL_TRY(drive.close());
            mounted_.clear();
            // Mount and open as one step: between the two another reader may take the
            // cartridge; then both are simply tried again.
            for (int waited_ms = 0;; waited_ms += 20) {
                auto m = lib_.mount(drive_, e.barcode);
                if (m) {
                    auto op = drive.open(true);
                    if (op) break;
                    m = op;
                }
                const auto kind = m.error().kind;
                if ((kind != ErrorKind::Busy && kind != ErrorKind::NoMedium) || waited_ms > 30 * 60 * 1000)
                    return m.error();
                std::this_thread::sleep_for(std::chrono::milliseconds(20)); // another reader has it
            }
            mounted_ = e.barcode;
            stats_.volumes.push_back(e.barcode);
        }
        // Start at the extent's first block, or nearer the wanted offset when the catalog
        // recorded the object's own block (the caller passes from = its header offset).
        std::uint32_t first = e.first_block;
        if (hint.volume_id == e.volume_id && hint.file_number == e.file_number &&
            hint.block >= e.first_block && hint.block <= e.last_block && e.offset <= from)
            first = hint.block;
        TL_TRY(drive.seek(e.start_pos + first));
        stats_.seeks++;
        for (std::uint32_t b = first; b <= e.last_block; ++b) {
            auto n = drive.read_block(buf.data(), buf.size());
            if (!n || n.value() == 0) {
                const std::string why = n ? "unexpected filemark" : n.error().message;
                if (on_bad_block) on_bad_block({e.barcode, e.file_number, b, why});
                report_object_error("block " + std::to_string(b) + " of tape file " +
                                    std::to_string(e.file_number) + " on " + e.barcode +
                                    " unreadable: " + why);
                if (!n && n.error().kind != ErrorKind::Io && n.error().kind != ErrorKind::Corrupt)
                    break;
                if (n && n.value() == 0) break;
                continue;
            }
            stats_.blocks_read++;
            stats_.bytes_read += n.value();
            auto st = reader.parse(buf.data(), n.value());
            if (st &&
                (reader.header().tape_file != e.file_number || reader.header().block_in_file != b ||
                 !std::equal(session_uuid.begin(), session_uuid.end(),
                             reader.header().session_uuid.bytes.begin())))
                st = make_error(ErrorKind::Corrupt,
                                "block found at tape file " + std::to_string(e.file_number) +
                                    " block " + std::to_string(b) + " on " + e.barcode +
                                    " belongs elsewhere (tape file " +
                                    std::to_string(reader.header().tape_file) + " block " +
                                    std::to_string(reader.header().block_in_file) + ")");
            if (!st) {
                if (on_bad_block) on_bad_block({e.barcode, e.file_number, b, st.error().message});
                report_object_error("bad block " + std::to_string(b) + " in tape file " +
                                    std::to_string(e.file_number) + " on " + e.barcode + ": " +
                                    st.error().message);
                continue;
            }
            for (const auto& c : reader.chunks()) {
                if (c.stream_id != stream_id) continue;
                const std::uint64_t c_end = c.stream_offset + c.length;
                if (c_end <= from || c.stream_offset >= to) continue;
                if (need_resync) {
                    if (c.first_boundary == format::kNoBoundary) continue;
                    parser.resync_at(c.stream_offset + c.first_boundary);
                    need_resync = false;
                }
                stats_.stream_bytes += c.length;
                auto fs = parser.feed(c.stream_offset, c.data, c.length);
                if (!fs) {
                    report_object_error(fs.error().message);
                    // The rest of this chunk may start the next object.
                    if (c.first_boundary != format::kNoBoundary &&
                        c.stream_offset + c.first_boundary > parser.next_offset()) {
                        parser.resync_at(c.stream_offset + c.first_boundary);
                        need_resync = false;
                        (void)parser.feed(c.stream_offset, c.data, c.length);
                    }
                }
            }
            if (parser.next_offset() >= to && parser.between_objects()) return {};
        }
    }
    if (!need_resync && to == ~std::uint64_t{0}) {
        auto fin = parser.finish();
        if (!fin) report_object_error(fin.error().message);
    }
    return {};
}

} // namespace tl::job
