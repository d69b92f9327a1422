#include "job/volume_scanner.h"

#include <map>
#include <memory>

#include "format/block.h"
#include "format/constants.h"
#include "format/index.h"
#include "format/stream_parser.h"
#include "format/stream_start.h"
#include "job/sealed_blocks.h"

namespace tl::job {

namespace {
struct FileInfo {
    std::uint32_t number;
    bool trailer;
    std::string session;
};

// Collects object headers and trailers of one stream during a full scan.
class ListSink final : public format::StreamSink {
public:
    ListSink(VolumeListing& out, ScannedSession& s, std::uint32_t stream)
        : out_(out), s_(s), stream_(stream) {}
    std::uint32_t tape_file = 0, block = 0;
    Status on_object_header(std::uint64_t off, const format::ObjectHeader& h) override {
        ScannedObject o;
        o.session = s_.uuid;
        o.job_id = s_.job_id;
        o.stream_id = stream_;
        for (const auto& si : s_.streams)
            if (si.id == stream_) o.source = si.identity;
        o.path = h.path;
        o.kind = static_cast<int>(h.kind);
        o.size = h.size == format::kUnknownSize ? 0 : h.size;
        o.header_offset = off;
        o.tape_file = tape_file;
        o.block = block;
        out_.objects.push_back(o);
        current_ = out_.objects.size() - 1;
        return {};
    }
    Status on_data(std::uint64_t, const std::uint8_t*, std::size_t) override { return {}; }
    Status on_object_trailer(const format::ObjectTrailer& t, const format::ObjectCheck&) override {
        if (current_ < out_.objects.size()) {
            auto& o = out_.objects[current_];
            o.size = t.data_length;
            o.hash = t.hash.hex();
            o.complete = true;
        }
        current_ = static_cast<std::size_t>(-1);
        return {};
    }

private:
    VolumeListing& out_;
    ScannedSession& s_;
    std::uint32_t stream_;
    std::size_t current_ = static_cast<std::size_t>(-1);
};
// Records a session's encryption and opens its cipher when the key is at hand. `seal`: the
// session whose chunk key sealed the data (a copy made sealed: its original's).
Status open_listed_session(ScannedSession& s, const format::SessionHeader& sh,
                           const crypto::KeyStore* keys,
                           std::unique_ptr<format::ChunkCipher>& cipher, format::Uuid& seal) {
    seal = sh.encryption.seal_session.is_nil() ? sh.session_uuid : sh.encryption.seal_session;
    if (!sh.encryption.enabled()) return {};
    s.key_id = sh.encryption.key_id;
    s.names_sealed = sh.encryption.names_sealed;
    s.locked = true;
    if (!keys) return {};
    auto c = open_session_cipher(*keys, s.key_id, seal.bytes);
    if (!c) return c.error().kind == ErrorKind::KeyMissing ? Status{} : Status(c.error());
    cipher = std::move(c.value());
    s.locked = false;
    return {};
}

void open_listed_block(std::uint8_t* block, format::BlockReader& reader,
                       const format::ChunkCipher* cipher, const format::Uuid& seal,
                       VolumeListing& out, std::uint32_t f, std::uint32_t b) {
    auto n = format::unseal_chunks(block, reader.header(), reader.mutable_chunks(), cipher, &seal);
    if (!n) return;
    for (std::uint32_t i = 0; i < reader.chunks().size(); ++i)
        if (format::failed_auth(reader.chunks()[i]))
            out.bad_blocks.push_back(
                {out.label.barcode, f, b,
                 format::auth_failure(reader.header(), i, reader.chunks()[i])});
}
} // namespace

Result<VolumeListing> list_volume(device::TapeDrive& drive, const crypto::KeyStore* keys) {
    VolumeListing out;
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    TL_TRY(drive.rewind());
    auto n = drive.read_block(buf.data(), buf.size());
    if (!n) {
        if (n.error().kind == ErrorKind::NotFound)
            return make_error(ErrorKind::NotFound,
                              "the cartridge in " + drive.name() + " is blank");
        return n.error();
    }
    auto label = format::decode_label(buf.data(), n.value());
    if (!label) return label.error();
    out.label = label.value();

    // Pass 1: the first block of every tape file.
    std::vector<FileInfo> files;
    std::map<std::string, std::size_t> by_uuid;
    std::map<std::string, std::unique_ptr<format::ChunkCipher>> ciphers; // by session UUID
    std::map<std::string, format::Uuid> seals;                           // by session UUID
    for (std::uint32_t f = 1;; ++f) {
        TL_TRY(drive.rewind());
        auto sp = drive.space_filemarks(static_cast<long>(f));
        if (!sp) break;
        auto first = drive.read_block(buf.data(), buf.size());
        if (!first || first.value() == 0) break;
        out.blocks_read++;
        auto hdr = format::peek_block_header(buf.data(), first.value());
        if (!hdr) {
            out.bad_blocks.push_back({out.label.barcode, f, 0, hdr.error().message});
            continue;
        }
        const std::string uuid = hdr->session_uuid.str();
        if (hdr->flags & format::block_flags::kHeader) {
            auto sh = format::decode_session_header_block(buf.data(), first.value());
            if (!sh) {
                out.bad_blocks.push_back({out.label.barcode, f, 0, sh.error().message});
                continue;
            }
            auto [it, fresh] = by_uuid.try_emplace(uuid, out.sessions.size());
            if (fresh) {
                ScannedSession s;
                s.uuid = uuid;
                s.job_id = sh->job_id;
                s.host = sh->host;
                s.start_time = sh->start_time;
                s.block_size = sh->block_size;
                s.volume_seq = sh->volume_seq;
                s.prev_volume = sh->prev_volume_barcode;
                TL_TRY(open_listed_session(s, sh.value(), keys, ciphers[uuid], seals[uuid]));
                out.sessions.push_back(s);
            }
            auto& s = out.sessions[it->second];
            for (const auto& st : sh->streams) {
                bool known = false;
                for (const auto& k : s.streams)
                    known |= k.id == st.id;
                if (!known) s.streams.push_back(st);
            }
            s.tape_files.push_back(f);
            files.push_back({f, false, uuid});
        } else if (hdr->flags & format::block_flags::kTrailer) {
            files.push_back({f, true, uuid});
            if (auto it = by_uuid.find(uuid); it != by_uuid.end())
                out.sessions[it->second].has_trailer = true;
        }
    }
    out.tape_files = static_cast<std::uint32_t>(files.size() + 1);

    format::BlockReader reader;
    // Chunks still flagged kSealed afterwards (no key, or not authentic) are skipped.
    auto read_file = [&](std::uint32_t f, const std::string& session,
                         const std::function<void(std::uint32_t block)>& each) -> Status {
        const format::ChunkCipher* cipher = ciphers[session].get();
        TL_TRY(drive.rewind());
        TL_TRY(drive.space_filemarks(static_cast<long>(f)));
        for (std::uint32_t b = 0;; ++b) {
            auto r = drive.read_block(buf.data(), buf.size());
            if (!r) {
                if (r.error().kind == ErrorKind::NotFound) return {};
                out.bad_blocks.push_back({out.label.barcode, f, b, r.error().message});
                continue;
            }
            if (r.value() == 0) return {};
            out.blocks_read++;
            auto st = reader.parse(buf.data(), r.value());
            if (!st) {
                out.bad_blocks.push_back({out.label.barcode, f, b, st.error().message});
                continue;
            }
            if (cipher) open_listed_block(buf.data(), reader, cipher, seals[session], out, f, b);
            each(b);
        }
    };

    // Pass 2a: sessions with a trailer on this volume: their index segments.
    for (const auto& fi : files) {
        if (!fi.trailer) continue;
        auto it = by_uuid.find(fi.session);
        if (it == by_uuid.end()) continue;
        auto& s = out.sessions[it->second];
        format::ControlStreamParser ctl;
        bool started = false;
        TL_TRY(read_file(fi.number, fi.session, [&](std::uint32_t) {
            for (const auto& c : reader.chunks()) {
                if (c.stream_id != format::kControlStream ||
                    (c.flags & format::chunk_flags::kSealed))
                    continue;
                if (!started) {
                    ctl.resync_at(c.stream_offset +
                                  (c.first_boundary == format::kNoBoundary ? 0 : c.first_boundary));
                    started = true;
                }
                (void)ctl.feed(c.stream_offset, c.data, c.length);
            }
        }));
        for (const auto& rec : ctl.take()) {
            if (rec.kind != format::ControlKind::IndexSegment) continue;
            auto seg = format::decode_index_segment(rec.bytes.data(), rec.bytes.size());
            if (!seg) {
                out.bad_blocks.push_back({out.label.barcode, fi.number, 0, seg.error().message});
                continue;
            }
            for (const auto& o : seg->objects) {
                ScannedObject so;
                so.session = s.uuid;
                so.job_id = s.job_id;
                so.stream_id = o.stream_id;
                for (const auto& si : s.streams)
                    if (si.id == o.stream_id) so.source = si.identity;
                so.path = o.path;
                so.size = o.size;
                so.header_offset = o.header_offset;
                so.hash = o.hash.hex();
                so.complete = true;
                for (const auto& e : seg->extents)
                    if (e.stream_id == o.stream_id && o.header_offset >= e.begin_offset &&
                        o.header_offset < e.end_offset) {
                        so.tape_file = e.tape_file;
                        so.block = e.first_block;
                    }
                out.objects.push_back(so);
            }
        }
    }
    // Pass 2b: sessions without a trailer here: scan their data blocks.
    for (auto& s : out.sessions) {
        if (s.has_trailer) continue;
        std::map<std::uint32_t, std::unique_ptr<ListSink>> sinks;
        std::map<std::uint32_t, std::unique_ptr<format::StreamParser>> parsers;
        std::map<std::uint32_t, bool> synced;
        for (auto f : s.tape_files) {
            TL_TRY(read_file(f, s.uuid, [&](std::uint32_t b) {
                for (const auto& c : reader.chunks()) {
                    if (c.flags & format::chunk_flags::kSealed) {
                        synced[c.stream_id] = false;
                        continue;
                    }
                    if (c.stream_id == format::kControlStream) {
                        if (c.first_boundary == 0 && format::is_stream_start(c.data, c.length)) {
                            auto si = format::decode_stream_start(c.data, c.length);
                            if (si) {
                                bool known = false;
                                for (const auto& k : s.streams)
                                    known |= k.id == si->id;
                                if (!known) s.streams.push_back(si.value());
                            }
                        }
                        continue;
                    }
                    auto& sink = sinks[c.stream_id];
                    if (!sink) {
                        sink = std::make_unique<ListSink>(out, s, c.stream_id);
                        format::StreamParser::Options opt;
                        opt.decode_data = false;
                        opt.verify_hash = false;
                        parsers[c.stream_id] =
                            std::make_unique<format::StreamParser>(*sink, c.stream_id, opt);
                    }
                    sink->tape_file = f;
                    sink->block = b;
                    auto& p = *parsers[c.stream_id];
                    if (!synced[c.stream_id]) {
                        if (c.first_boundary == format::kNoBoundary) continue;
                        p.resync_at(c.stream_offset + c.first_boundary);
                        synced[c.stream_id] = true;
                    }
                    if (!p.feed(c.stream_offset, c.data, c.length)) synced[c.stream_id] = false;
                }
            }));
        }
    }
    TL_TRY(drive.rewind());
    return out;
}

} // namespace tl::job
