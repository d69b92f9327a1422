#include "job/volume_scanner.h"

#include <map>
#include <memory>

#include "format/block.h"
#include "format/constants.h"
#include "format/index.h"
#include "format/stream_parser.h"
#include "format/stream_start.h"
#include "job/media_reader.h"
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
// Records a session's encryption and opens its cipher when the key is at hand.
Status open_listed_session(ScannedSession& s, const format::SessionHeader& sh,
                           const crypto::KeyStore* keys,
                           std::unique_ptr<format::ChunkCipher>& cipher) {
    if (!sh.encryption.enabled()) return {};
    s.key_id = sh.encryption.key_id;
    s.names_sealed = sh.encryption.names_sealed;
    s.locked = true;
    if (!keys) return {};
    auto c = open_session_cipher(*keys, s.key_id, sh.session_uuid.bytes);
    if (!c) return c.error().kind == ErrorKind::KeyMissing ? Status{} : Status(c.error());
    cipher = std::move(c.value());
    s.locked = false;
    return {};
}

void open_listed_block(std::uint8_t* block, format::BlockReader& reader,
                       const format::ChunkCipher* cipher, VolumeListing& out, std::uint32_t f,
                       std::uint32_t b) {
    auto n = format::unseal_chunks(block, reader.header(), reader.mutable_chunks(), cipher);
    if (!n) return;
    for (std::uint32_t i = 0; i < reader.chunks().size(); ++i)
        if (format::failed_auth(reader.chunks()[i]))
            out.bad_blocks.push_back(
                {out.label.barcode, f, b,
                 format::auth_failure(reader.header(), i, reader.chunks()[i])});
}
void add_stream(ScannedSession& s, const format::StreamInfo& si) {
    for (const auto& k : s.streams)
        if (k.id == si.id) return;
    s.streams.push_back(si);
}

// An object of an index segment as the listing shows it.
ScannedObject indexed_object(const ScannedSession& s, const format::IndexSegment& seg,
                             const format::IndexObject& o) {
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
    for (const auto& e : seg.extents)
        if (e.stream_id == o.stream_id && o.header_offset >= e.begin_offset &&
            o.header_offset < e.end_offset) {
            so.tape_file = e.tape_file;
            so.block = e.first_block;
        }
    return so;
}

// The listing of one volume, pass by pass, through the one media reader.
class VolumeLister {
public:
    VolumeLister(device::TapeDrive& drive, const crypto::KeyStore* keys)
        : drive_(drive), keys_(keys), media_(drive), buf_(format::kMaxBlockSize) {}

    Status read_label();
    Status list_tape_files();
    Status read_indexes();
    Status scan_untrailed_sessions();
    VolumeListing take() { return std::move(out_); }

private:
    using Each = std::function<void(std::uint32_t block, format::BlockReader& reader)>;
    Status read_file(std::uint32_t f, const format::ChunkCipher* cipher, const Each& each);
    Status note_header(std::uint32_t f, std::size_t n, const std::string& uuid);
    Status read_index(const FileInfo& fi, ScannedSession& s);
    Status scan_session(ScannedSession& s);

    device::TapeDrive& drive_;
    const crypto::KeyStore* keys_;
    MediaReader media_;
    std::vector<std::uint8_t> buf_;
    VolumeListing out_;
    std::vector<FileInfo> files_;
    std::map<std::string, std::size_t> by_uuid_;
    std::map<std::string, std::unique_ptr<format::ChunkCipher>> ciphers_; // by session UUID
};

Status VolumeLister::read_label() {
    TL_TRY(drive_.rewind());
    auto n = drive_.read_block(buf_.data(), buf_.size());
    if (!n) {
        if (n.error().kind == ErrorKind::NotFound)
            return make_error(ErrorKind::NotFound,
                              "the cartridge in " + drive_.name() + " is blank");
        return n.error();
    }
    auto label = format::decode_label(buf_.data(), n.value());
    if (!label) return label.error();
    out_.label = label.value();
    return {};
}

// A session header at the start of tape file `f`: the session, its streams, its tape files.
Status VolumeLister::note_header(std::uint32_t f, std::size_t n, const std::string& uuid) {
    auto sh = format::decode_session_header_block(buf_.data(), n);
    if (!sh) {
        out_.bad_blocks.push_back({out_.label.barcode, f, 0, sh.error().message});
        return {};
    }
    auto [it, fresh] = by_uuid_.try_emplace(uuid, out_.sessions.size());
    if (fresh) {
        ScannedSession s;
        s.uuid = uuid;
        s.job_id = sh->job_id;
        s.host = sh->host;
        s.start_time = sh->start_time;
        s.block_size = sh->block_size;
        s.volume_seq = sh->volume_seq;
        s.prev_volume = sh->prev_volume_barcode;
        TL_TRY(open_listed_session(s, sh.value(), keys_, ciphers_[uuid]));
        out_.sessions.push_back(s);
    }
    auto& s = out_.sessions[it->second];
    for (const auto& st : sh->streams)
        add_stream(s, st);
    s.tape_files.push_back(f);
    files_.push_back({f, false, uuid});
    return {};
}

// Pass 1: the first block of every tape file.
Status VolumeLister::list_tape_files() {
    for (std::uint32_t f = 1;; ++f) {
        if (!media_.to_file(f)) break;
        const auto first = media_.read(buf_.data(), buf_.size());
        if (first.kind != BlockKind::Data) break;
        out_.blocks_read++;
        auto hdr = format::peek_block_header(buf_.data(), first.size);
        if (!hdr) {
            out_.bad_blocks.push_back({out_.label.barcode, f, 0, hdr.error().message});
            continue;
        }
        const std::string uuid = hdr->session_uuid.str();
        if (hdr->flags & format::block_flags::kHeader) {
            TL_TRY(note_header(f, first.size, uuid));
        } else if (hdr->flags & format::block_flags::kTrailer) {
            files_.push_back({f, true, uuid});
            if (auto it = by_uuid_.find(uuid); it != by_uuid_.end())
                out_.sessions[it->second].has_trailer = true;
        }
    }
    out_.tape_files = static_cast<std::uint32_t>(files_.size() + 1);
    return {};
}

// Chunks still flagged kSealed afterwards (no key, or not authentic) are skipped.
Status VolumeLister::read_file(std::uint32_t f, const format::ChunkCipher* cipher,
                               const Each& each) {
    return media_.read_file(
        f,
        [&](std::uint32_t b, std::uint8_t* data, std::size_t,
            format::BlockReader& reader) -> Status {
            out_.blocks_read++;
            if (cipher) open_listed_block(data, reader, cipher, out_, f, b);
            each(b, reader);
            return {};
        },
        [&](const BlockFault& bad) {
            if (!bad.unreadable) out_.blocks_read++;
            out_.bad_blocks.push_back({out_.label.barcode, bad.tape_file, bad.block, bad.message});
        });
}

Status VolumeLister::read_index(const FileInfo& fi, ScannedSession& s) {
    format::ControlStreamParser ctl;
    bool started = false;
    TL_TRY(read_file(
        fi.number, ciphers_[fi.session].get(), [&](std::uint32_t, format::BlockReader& reader) {
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
            out_.bad_blocks.push_back({out_.label.barcode, fi.number, 0, seg.error().message});
            continue;
        }
        for (const auto& o : seg->objects)
            out_.objects.push_back(indexed_object(s, seg.value(), o));
    }
    return {};
}

// Pass 2a: sessions with a trailer on this volume: their index segments.
Status VolumeLister::read_indexes() {
    for (const auto& fi : files_) {
        if (!fi.trailer) continue;
        auto it = by_uuid_.find(fi.session);
        if (it == by_uuid_.end()) continue;
        TL_TRY(read_index(fi, out_.sessions[it->second]));
    }
    return {};
}

Status VolumeLister::scan_session(ScannedSession& s) {
    std::map<std::uint32_t, std::unique_ptr<ListSink>> sinks;
    std::map<std::uint32_t, std::unique_ptr<format::StreamParser>> parsers;
    std::map<std::uint32_t, bool> synced;
    for (auto f : s.tape_files) {
        TL_TRY(
            read_file(f, ciphers_[s.uuid].get(), [&](std::uint32_t b, format::BlockReader& reader) {
                for (const auto& c : reader.chunks()) {
                    if (c.flags & format::chunk_flags::kSealed) {
                        synced[c.stream_id] = false;
                        continue;
                    }
                    if (c.stream_id == format::kControlStream) {
                        if (c.first_boundary == 0 && format::is_stream_start(c.data, c.length))
                            if (auto si = format::decode_stream_start(c.data, c.length))
                                add_stream(s, si.value());
                        continue;
                    }
                    auto& sink = sinks[c.stream_id];
                    if (!sink) {
                        sink = std::make_unique<ListSink>(out_, s, c.stream_id);
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
    return {};
}

// Pass 2b: sessions without a trailer here: scan their data blocks.
Status VolumeLister::scan_untrailed_sessions() {
    for (auto& s : out_.sessions)
        if (!s.has_trailer) TL_TRY(scan_session(s));
    return drive_.rewind();
}
} // namespace

Result<VolumeListing> list_volume(device::TapeDrive& drive, const crypto::KeyStore* keys) {
    VolumeLister lister(drive, keys);
    TL_TRY(lister.read_label());
    TL_TRY(lister.list_tape_files());
    TL_TRY(lister.read_indexes());
    TL_TRY(lister.scan_untrailed_sessions());
    return lister.take();
}

} // namespace tl::job
