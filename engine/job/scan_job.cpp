#include "job/scan_job.h"

#include "context/engine_catalog.h"
#include "job/job_context.h"
#include "job/job_reservation.h"
#include "job/media_reader.h"
#include "job/scan_account.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <set>

#include <sys/stat.h>

#include "catalog/media_use_store.h"
#include "catalog/saveset_store.h"
#include "catalog/scan_store.h"
#include "catalog/session_store.h"
#include "common/log.h"
#include "device/library.h"
#include "format/block.h"
#include "format/constants.h"
#include "format/identify.h"
#include "format/index.h"
#include "format/stream_parser.h"
#include "format/stream_start.h"
#include "format/volume_label.h"
#include "job/backup_encryption.h"
#include "job/catalog_writer.h"
#include "job/sealed_blocks.h"

namespace tl::job {

namespace {

const char* kind_text(format::SourceKind k) {
    switch (k) {
    case format::SourceKind::Dir:
    case format::SourceKind::File:
        return "files";
    case format::SourceKind::BlockDevice:
        return "raw";
    case format::SourceKind::Sqlite:
        return "sqlite";
    case format::SourceKind::Pipe:
        return "cmd";
    }
    return "files";
}

struct Pos {
    std::int64_t volume_id;
    std::uint32_t file, block;
};

// Rebuilds FileRecords of one stream from its object headers and trailers.
class ScanSink final : public format::StreamSink {
public:
    std::int64_t saveset_id = 0;
    std::deque<std::pair<std::uint64_t, Pos>> chunks; // recent chunk start offsets and positions
    std::vector<FileRecord>* out = nullptr;
    StreamAccount* account = nullptr; // told of every object rebuilt whole
    std::uint64_t last_offset = 0;

    Status on_object_header(std::uint64_t off, const format::ObjectHeader& h) override {
        cur_ = h;
        have_ = true;
        FileRecord r;
        r.saveset_id = saveset_id;
        const auto slash = h.path.find_last_of('/');
        r.dir = slash == std::string::npos ? "" : h.path.substr(0, slash);
        r.name = slash == std::string::npos ? h.path : h.path.substr(slash + 1);
        r.kind = static_cast<int>(h.kind);
        r.mode = h.mode;
        r.uid = h.uid;
        r.gid = h.gid;
        r.size = h.size == format::kUnknownSize ? 0 : h.size;
        r.mtime_ns = h.mtime_ns;
        r.offset = off;
        // The block where the header's first byte is: the last chunk starting at or before it.
        for (auto it = chunks.rbegin(); it != chunks.rend(); ++it)
            if (it->first <= off) {
                r.volume_id = it->second.volume_id;
                r.file_number = it->second.file;
                r.block = it->second.block;
                break;
            }
        rec_ = r;
        return {};
    }
    Status on_data(std::uint64_t, const std::uint8_t*, std::size_t) override { return {}; }
    Status on_object_trailer(const format::ObjectTrailer& t, const format::ObjectCheck&) override {
        if (!have_) return {};
        const bool data_kind = cur_.kind == format::ObjectKind::RegularFile ||
                               cur_.kind == format::ObjectKind::RawImage ||
                               cur_.kind == format::ObjectKind::Pipe ||
                               cur_.kind == format::ObjectKind::Sqlite;
        if (data_kind) {
            rec_.has_hash = true;
            rec_.hash = hash_bytes(t.hash);
            if (!(cur_.flags & format::object_flags::kSparse)) rec_.size = t.data_length;
        }
        rec_.flags = (t.status & format::trailer_status::kChangedDuringRead ? 1u : 0u) |
                     (t.status & format::trailer_status::kReadError ? 2u : 0u);
        out->push_back(rec_);
        if (account) account->recorded(rec_.offset);
        have_ = false;
        return {};
    }

private:
    format::ObjectHeader cur_;
    FileRecord rec_;
    bool have_ = false;
};

struct StreamState {
    std::unique_ptr<ScanSink> sink;
    std::unique_ptr<format::StreamParser> parser;
    StreamAccount account;
    bool synced = false;
    std::uint64_t end = 0;
};

struct ScanSession {
    std::int64_t session_id = 0;
    std::int64_t job_id = 0;
    bool known = false;  // already in the catalog: skipped
    bool locked = false; // encrypted with a key not in the store: skipped
    std::unique_ptr<format::ChunkCipher> cipher;
    // The session whose chunk key sealed the data: its own, or for a copy made sealed (a clone,
    // docs/format.md §3.4) the original's, named by its session header.
    format::Uuid seal;
    std::map<std::uint32_t, StreamState> streams;
    bool skipped() const { return known || locked; }
};

// What the media showed of a session, by UUID: whether it is whole.
struct SessionHealth {
    bool ended = false;              // its session trailer record was read
    std::set<std::uint32_t> seqs;    // volume_seq of the tape files seen
    std::vector<std::string> damage; // bad blocks, damaged headers
};

// Whether a first block that is no valid label is still ours: a label that fails its checks, or
// a Tapeloom data block starting tape file 1 (the drive is open at the label's tape file).
bool ours_damaged(device::TapeDrive& drive, std::vector<std::uint8_t>& buf,
                  const Result<std::size_t>& first) {
    if (!first) return first.error().kind != ErrorKind::NotFound; // unreadable, not blank
    if (first.value() == 0) return false;
    if (format::identify(buf.data(), first.value()) == format::MediaKind::Tapeloom) return true;
    if (!drive.rewind() || !drive.space_filemarks(1)) return false;
    auto n = drive.read_block(buf.data(), buf.size());
    return n && n.value() > 0 && format::peek_block_header(buf.data(), n.value()).ok();
}

// Marks the jobs of the sessions this scan added that are not whole (docs/cli.md "scan").
Status mark_incomplete(catalog::Db& db, const std::map<std::string, ScanSession>& sessions,
                       const std::map<std::string, SessionHealth>& health, ScanReport& rep) {
    std::map<std::int64_t, std::vector<std::string>> jobs;
    for (const auto& [uuid, ss] : sessions) {
        if (ss.known || !ss.session_id) continue;
        std::vector<std::string> why;
        const auto h = health.count(uuid) ? health.at(uuid) : SessionHealth{};
        if (!h.seqs.empty() && *h.seqs.rbegin() + 1 != h.seqs.size())
            why.push_back("session " + uuid + ": a volume of it was not scanned");
        if (!h.ended) why.push_back("session " + uuid + ": its trailer was not found");
        for (const auto& d : h.damage)
            why.push_back("session " + uuid + ": " + d);
        if (why.empty()) continue;
        TL_TRY(catalog::mark_session_incomplete(db, ss.session_id));
        auto& all = jobs[ss.job_id];
        all.insert(all.end(), why.begin(), why.end());
    }
    for (const auto& [job, why] : jobs) {
        std::string text;
        for (const auto& w : why)
            text += (text.empty() ? "" : "; ") + w;
        TL_TRY(catalog::mark_job_incomplete(db, job, "incomplete: " + text));
        log::get("job")->warn("scan: job {} rebuilt incomplete: {}", job, text);
        rep.incomplete.push_back({job, why});
    }
    return {};
}

// An encrypted session's cipher; a missing key locks the session (reported, not scanned).
Status open_scanned_session(ScanSession& ss, const format::SessionHeader& sh,
                            const crypto::KeyStore& keys, ScanReport& rep) {
    ss.seal = sh.encryption.seal_session.is_nil() ? sh.session_uuid : sh.encryption.seal_session;
    if (!sh.encryption.enabled()) return {};
    auto c = open_session_cipher(keys, sh.encryption.key_id, ss.seal.bytes);
    if (c) {
        ss.cipher = std::move(c.value());
        return {};
    }
    if (c.error().kind != ErrorKind::KeyMissing) return c.error();
    ss.locked = true;
    rep.keys_missing.push_back("session " + sh.session_uuid.str() + ": " + c.error().message);
    return {};
}

// Opens a block's sealed chunks; a chunk that fails its authentication is a bad block for
// its stream only.
void unseal_scanned(std::uint8_t* block, format::BlockReader& reader, const ScanSession& ss,
                    const std::string& barcode, std::uint32_t file, std::uint32_t b,
                    ScanReport& rep) {
    auto n = format::unseal_chunks(block, reader.header(), reader.mutable_chunks(), ss.cipher.get(),
                                   &ss.seal);
    if (!n) {
        rep.bad_blocks.push_back({barcode, file, b, n.error().message});
        return;
    }
    for (std::uint32_t i = 0; i < reader.chunks().size(); ++i)
        if (format::failed_auth(reader.chunks()[i]))
            rep.bad_blocks.push_back(
                {barcode, file, b, format::auth_failure(reader.header(), i, reader.chunks()[i])});
}

struct FileRef {
    std::string session;
    std::int64_t start_time;
    std::uint32_t volume_seq;
    std::string barcode;
    std::uint32_t file;
};

// The run phase of a scan: the labels, then the first block of every tape file (which session,
// which volume_seq), then every tape file block by block in session order through the one
// media reader, each batch of what it rebuilt committed by a CatalogWriter.
class VolumeScan {
public:
    VolumeScan(Engine& engine, device::Library& lib, std::size_t drive_index, ScanReport& rep)
        : db_(engine_catalog(engine)), keys_(crypto::KeyStore::in_home(engine.home())), lib_(lib),
          drive_index_(drive_index), drive_(lib.drive(drive_index)), media_(drive_), rep_(rep),
          buf_(format::kMaxBlockSize) {}

    // Every label first: --all keeps Tapeloom volumes, ordered by label time so spanned
    // sessions are met volume after volume.
    Status read_labels(const std::vector<std::string>& barcodes, bool all);
    Status register_volumes();
    Status scan_tape_files();
    Status finish();

private:
    Result<std::optional<format::VolumeLabel>> read_label(const std::string& bc, bool all);
    Result<std::int64_t> volume_row(const format::VolumeLabel& label, const std::string& bc);
    Status list_tape_files(const std::string& bc);
    Status mount(const std::string& bc);
    Status scan_tape_file(const FileRef& ref);

    friend class TapeFileScan;
    catalog::Db& db_;
    const crypto::KeyStore keys_;
    device::Library& lib_;
    std::size_t drive_index_;
    device::TapeDrive& drive_;
    MediaReader media_;
    ScanReport& rep_;
    std::vector<std::uint8_t> buf_;
    std::vector<std::pair<format::VolumeLabel, std::string>> labels_;
    std::unique_ptr<CatalogWriter> writer_;
    std::map<std::string, ScanSession> sessions_; // by session UUID
    std::map<std::string, SessionHealth> health_; // by session UUID
    std::map<std::uint64_t, std::int64_t> jobs_;  // job id on media -> job id here
    std::map<std::string, std::int64_t> volume_ids_;
    std::vector<FileRef> refs_;
    std::string mounted_;
};

// One tape file of a scan, block after block: its session header (or trailer records), its
// streams' chunks into their parsers, its extents and its file records.
class TapeFileScan {
public:
    TapeFileScan(VolumeScan& scan, const FileRef& ref)
        : s_(scan), ref_(ref), volume_id_(scan.volume_ids_[ref.barcode]),
          hl_(scan.health_[ref.session]) {
        hl_.seqs.insert(ref.volume_seq);
    }
    Status on_block(std::uint32_t b, std::uint8_t* data, std::size_t n,
                    format::BlockReader& reader);
    void on_fault(const BlockFault& f);
    bool stopped() const { return stop_; }
    // Commits what the file held; `pos` is where it starts.
    Status commit(std::uint64_t pos, format::BlockReader& reader);

private:
    void feed_control(std::uint32_t b, std::uint8_t* data, format::BlockReader& reader);
    Status add_stream(const format::StreamInfo& si);
    Status open_session(std::uint8_t* data, std::size_t n);
    Status feed_chunks(std::uint32_t b, std::uint8_t* data, format::BlockReader& reader,
                       bool misplaced = false);
    bool misplaced(std::uint32_t b, const format::BlockHeader& hdr);
    void account_for(const format::IndexSegment& seg, ScanSession& ss);
    // A session trailer read: its job (one this scan added) ended no earlier than the trailer's
    // end time, so `jobs list` shows how long it ran rather than a job running since.
    Status note_end(const std::vector<std::uint8_t>& trailer,
                    std::map<std::string, ScanSession>::iterator session) {
        if (session == s_.sessions_.end() || !session->second.job_id) return {};
        auto t = format::decode_session_trailer(trailer.data(), trailer.size());
        if (!t || t->end_time <= 0) return {}; // what the trailer lacks, the index reports
        return catalog::note_scanned_end(s_.db_, session->second.job_id, t->end_time);
    }
    void desync() {
        if (ss_)
            for (auto& [id, st] : ss_->streams)
                st.synced = false;
    }

    VolumeScan& s_;
    const FileRef& ref_;
    const std::int64_t volume_id_;
    SessionHealth& hl_;
    CatalogBatch batch_;
    ScanSession* ss_ = nullptr;
    std::uint64_t first_seq_ = 0, blocks_ = 0;
    std::uint32_t volume_seq_ = 0;
    std::map<std::uint32_t, ExtentRecord> extents_;
    bool empty_ = true, trailer_ = false, stop_ = false;
    format::ControlStreamParser ctl_; // a trailer file's records: is the session whole?
    bool ctl_started_ = false;
};

void TapeFileScan::on_fault(const BlockFault& f) {
    if (stop_) return;
    if (!f.unreadable) {
        empty_ = false;
        ++s_.rep_.blocks_read;
        ++blocks_;
    }
    s_.rep_.bad_blocks.push_back({ref_.barcode, f.tape_file, f.block, f.message});
    hl_.damage.push_back("block " + std::to_string(f.block) + " of tape file " +
                         std::to_string(f.tape_file) + " on " + ref_.barcode + " is " +
                         (f.unreadable ? "unreadable: " : "damaged: ") + f.message);
    desync();
}

void TapeFileScan::feed_control(std::uint32_t b, std::uint8_t* data, format::BlockReader& reader) {
    if (format::has_sealed_chunks(reader.chunks())) { // an encrypted session's trailer
        auto it = s_.sessions_.find(ref_.session);
        if (it == s_.sessions_.end() || !it->second.cipher) return; // no key: unknown
        unseal_scanned(data, reader, it->second, ref_.barcode, ref_.file, b, s_.rep_);
    }
    for (const auto& c : reader.chunks()) {
        if (c.stream_id != format::kControlStream) continue;
        if (c.flags & format::chunk_flags::kSealed) continue; // not authentic
        if (!ctl_started_)
            ctl_.resync_at(c.stream_offset +
                           (c.first_boundary == format::kNoBoundary ? 0 : c.first_boundary));
        ctl_started_ = true;
        (void)ctl_.feed(c.stream_offset, c.data, c.length);
    }
}

// A stream met in a session header or announced by a stream-start record.
Status TapeFileScan::add_stream(const format::StreamInfo& si) {
    if (ss_->streams.count(si.id)) return {};
    catalog::NewSaveset row;
    row.job_id = ss_->job_id;
    row.session_id = ss_->session_id;
    row.stream_id = si.id;
    row.source = si.identity;
    row.kind = kind_text(si.kind);
    row.codec = codec::to_string(si.codec);
    row.status = "completed";
    auto saveset_id = catalog::add_saveset(s_.db_, row);
    if (!saveset_id) return saveset_id.error();
    auto& st = ss_->streams[si.id];
    st.sink = std::make_unique<ScanSink>();
    st.sink->saveset_id = saveset_id.value();
    st.sink->account = &st.account;
    format::StreamParser::Options opt;
    opt.decode_data = false;
    opt.verify_hash = false;
    st.parser = std::make_unique<format::StreamParser>(*st.sink, si.id, opt);
    return {};
}

// The session header at block 0: the session, known or added (with its job) to the catalog.
Status TapeFileScan::open_session(std::uint8_t* data, std::size_t n) {
    auto sh = format::decode_session_header_block(data, n);
    if (!sh) {
        s_.rep_.bad_blocks.push_back({ref_.barcode, ref_.file, 0, sh.error().message});
        stop_ = true;
        return {};
    }
    auto [it, fresh] = s_.sessions_.try_emplace(sh->session_uuid.str());
    ss_ = &it->second;
    if (fresh) {
        auto known = catalog::session_known(s_.db_, sh->session_uuid.bytes.data());
        if (!known) return known.error();
        ss_->known = known.value();
        if (!ss_->known) TL_TRY(open_scanned_session(*ss_, sh.value(), s_.keys_, s_.rep_));
        if (ss_->known) {
            ++s_.rep_.sessions_known;
        } else if (!ss_->locked) {
            auto j = s_.jobs_.find(sh->job_id);
            if (j == s_.jobs_.end()) {
                auto id = catalog::add_scanned_job(s_.db_, sh->start_time);
                if (!id) return id.error();
                j = s_.jobs_.emplace(sh->job_id, id.value()).first;
                ++s_.rep_.jobs_added;
            }
            ss_->job_id = j->second;
            auto session = catalog::add_session(s_.db_, ss_->job_id, sh->session_uuid.bytes.data(),
                                                "scanned", sh->block_size);
            if (!session) return session.error();
            ss_->session_id = session.value();
            TL_TRY(record_session_encryption(s_.db_, ss_->session_id, sh->encryption));
            ++s_.rep_.sessions_added;
        }
    }
    if (ss_->skipped()) {
        stop_ = true;
        return {};
    }
    for (const auto& si : sh->streams)
        TL_TRY(add_stream(si));
    return {};
}

Status TapeFileScan::feed_chunks(std::uint32_t b, std::uint8_t* data, format::BlockReader& reader,
                                 bool misplaced) {
    if (format::has_sealed_chunks(reader.chunks()) && !misplaced)
        unseal_scanned(data, reader, *ss_, ref_.barcode, ref_.file, b, s_.rep_);
    for (const auto& c : reader.chunks()) {
        const LostChunk here{c.stream_offset, c.stream_offset + c.length, ref_.file, b};
        if (c.flags & format::chunk_flags::kSealed) { // not authentic: lost
            if (auto it = ss_->streams.find(c.stream_id); it != ss_->streams.end()) {
                it->second.synced = false;
                it->second.account.lost(here);
            }
            continue;
        }
        if (c.stream_id == format::kControlStream) {
            if (misplaced) continue;
            if (c.first_boundary == 0 && format::is_stream_start(c.data, c.length))
                if (auto si = format::decode_stream_start(c.data, c.length))
                    TL_TRY(add_stream(si.value()));
            continue;
        }
        auto it = ss_->streams.find(c.stream_id);
        if (it == ss_->streams.end()) continue; // a stream never announced: cannot name it
        auto& st = it->second;
        st.sink->out = &batch_.files;
        st.sink->chunks.push_back({c.stream_offset, {volume_id_, ref_.file, b}});
        if (st.sink->chunks.size() > 64) st.sink->chunks.pop_front();
        auto [e, fresh] = extents_.try_emplace(c.stream_id);
        if (fresh)
            e->second = {st.sink->saveset_id, c.stream_offset, 0, volume_id_, ref_.file, b, b};
        e->second.end_offset = c.stream_offset + c.length;
        e->second.last_block = b;
        st.end = std::max(st.end, c.stream_offset + c.length);
        if (misplaced) { // where it is, it is not what the stream holds there
            st.synced = false;
            st.account.lost(here);
            continue;
        }
        if (!st.synced) {
            if (c.stream_offset != st.parser->next_offset() || st.parser->next_offset() == 0) {
                if (c.first_boundary == format::kNoBoundary) {
                    st.account.lost(here);
                    continue;
                }
                if (!(c.stream_offset == 0 && st.parser->next_offset() == 0)) {
                    st.parser->resync_at(c.stream_offset + c.first_boundary);
                    if (c.first_boundary > 0)
                        st.account.lost({here.begin, here.begin + c.first_boundary, ref_.file, b});
                }
            }
            st.synced = true;
        }
        if (!st.parser->feed(c.stream_offset, c.data, c.length)) {
            st.synced = false;
            st.account.lost(here);
        }
    }
    return {};
}

// A data block whose header names another place than where it was read (blocks swapped or
// duplicated on the media): reported, and its chunks are not parsed.
bool TapeFileScan::misplaced(std::uint32_t b, const format::BlockHeader& hdr) {
    if (hdr.tape_file == ref_.file && hdr.block_in_file == b &&
        hdr.session_uuid.str() == ref_.session)
        return false;
    const std::string why = "block " + std::to_string(b) + " of tape file " +
                            std::to_string(ref_.file) + " on " + ref_.barcode + " holds block " +
                            std::to_string(hdr.block_in_file) + " of tape file " +
                            std::to_string(hdr.tape_file) +
                            (hdr.session_uuid.str() == ref_.session ? "" : " of another session") +
                            " (blocks swapped or duplicated); its data was not used";
    s_.rep_.bad_blocks.push_back({ref_.barcode, ref_.file, b, why});
    hl_.damage.push_back(why);
    return true;
}

// The objects this volume's part of the session index lists that the scan did not rebuild:
// each named with the block where it was lost, and added to the catalog so a restore of the
// job tries it and names it (never drops it silently).
void TapeFileScan::account_for(const format::IndexSegment& seg, ScanSession& ss) {
    for (const auto& o : seg.objects) {
        auto it = ss.streams.find(o.stream_id);
        if (it != ss.streams.end() && it->second.account.has(o.header_offset)) continue;
        std::uint32_t file = 0, block = 0;
        if (auto at = it != ss.streams.end() ? it->second.account.lost_at(o.header_offset)
                                             : std::nullopt) {
            file = at->tape_file;
            block = at->block;
        } else {
            for (const auto& e : seg.extents)
                if (e.stream_id == o.stream_id && e.begin_offset <= o.header_offset &&
                    o.header_offset < e.end_offset) {
                    file = e.tape_file;
                    block = e.first_block;
                }
        }
        hl_.damage.push_back("'" + o.path + "' (object at offset " +
                             std::to_string(o.header_offset) + " of stream " +
                             std::to_string(o.stream_id) + ", block " + std::to_string(block) +
                             " of tape file " + std::to_string(file) + " on " + ref_.barcode +
                             ") is in the session's index but could not be read whole");
        if (it == ss.streams.end()) continue;
        FileRecord r;
        r.saveset_id = it->second.sink->saveset_id;
        const auto slash = o.path.find_last_of('/');
        r.dir = slash == std::string::npos ? "" : o.path.substr(0, slash);
        r.name = slash == std::string::npos ? o.path : o.path.substr(slash + 1);
        r.kind = static_cast<int>(format::ObjectKind::RegularFile);
        r.mode = S_IFREG | 0600;
        r.size = o.size;
        r.hash = hash_bytes(o.hash);
        r.has_hash = true;
        r.offset = o.header_offset;
        r.volume_id = volume_id_;
        r.file_number = file;
        r.block = block;
        batch_.files.push_back(r);
    }
}

Status TapeFileScan::on_block(std::uint32_t b, std::uint8_t* data, std::size_t n,
                              format::BlockReader& reader) {
    if (stop_) return {};
    empty_ = false;
    ++s_.rep_.blocks_read;
    ++blocks_;
    const auto& hdr = reader.header();
    if (trailer_) {
        feed_control(b, data, reader);
        return {};
    }
    if (b == 0) {
        first_seq_ = hdr.session_block_seq;
        volume_seq_ = hdr.volume_seq;
        if (hdr.flags & format::block_flags::kTrailer) {
            trailer_ = true;
            feed_control(b, data, reader);
            return {};
        }
        if (!(hdr.flags & format::block_flags::kHeader)) {
            s_.rep_.warnings.push_back(ref_.barcode + " tape file " + std::to_string(ref_.file) +
                                       " does not start with a session header");
            stop_ = true;
            return {};
        }
        return open_session(data, n);
    }
    if (!ss_ || ss_->skipped()) {
        stop_ = true;
        return {};
    }
    return feed_chunks(b, data, reader, misplaced(b, hdr));
}

Status TapeFileScan::commit(std::uint64_t pos, format::BlockReader& reader) {
    auto session = s_.sessions_.find(ref_.session);
    for (const auto& rec : ctl_.take()) {
        if (rec.kind == format::ControlKind::SessionTrailer) {
            hl_.ended = true;
            TL_TRY(note_end(rec.bytes, session));
        }
        if (rec.kind != format::ControlKind::IndexSegment || session == s_.sessions_.end() ||
            session->second.skipped() || !session->second.session_id)
            continue;
        auto seg = format::decode_index_segment(rec.bytes.data(), rec.bytes.size());
        if (seg)
            account_for(seg.value(), session->second);
        else
            hl_.damage.push_back("the index in tape file " + std::to_string(ref_.file) + " on " +
                                 ref_.barcode + " does not decode: " + seg.error().message);
    }
    if (!batch_.files.empty() && trailer_) { // objects of the index the scan could not read
        s_.rep_.files_added += batch_.files.size();
        TL_TRY(s_.writer_->commit(batch_));
        batch_.files.clear();
    }
    if (empty_) return {};
    if (trailer_ || !ss_ || ss_->skipped()) {
        if (ss_ && !ss_->skipped() && trailer_) {
            batch_.tape_file = {ss_->session_id, volume_id_, volume_seq_, ref_.file, pos, blocks_,
                                first_seq_,      0};
            batch_.volume_next_file = ref_.file + 1;
            TL_TRY(s_.writer_->commit(batch_));
        }
        return {};
    }
    for (auto& [sid, e] : extents_)
        batch_.extents.push_back(e);
    batch_.tape_file = {ss_->session_id,
                        volume_id_,
                        volume_seq_,
                        ref_.file,
                        pos,
                        blocks_,
                        first_seq_,
                        blocks_ * reader.header().block_len};
    batch_.volume_next_file = ref_.file + 1;
    s_.rep_.files_added += batch_.files.size();
    return s_.writer_->commit(batch_);
}

Result<std::optional<format::VolumeLabel>> VolumeScan::read_label(const std::string& bc, bool all) {
    auto m = lib_.mount(drive_index_, bc);
    if (!m) {
        if (all) return std::optional<format::VolumeLabel>();
        return m.error();
    }
    TL_TRY(drive_.open(true));
    TL_TRY(media_.to_file(0));
    auto n = drive_.read_block(buf_.data(), buf_.size());
    auto label =
        n ? format::decode_label(buf_.data(), n.value()) : Result<format::VolumeLabel>(n.error());
    const bool damaged = !label && ours_damaged(drive_, buf_, n);
    (void)drive_.close();
    if (damaged) { // ours: reported, whether named or found by --all
        rep_.damaged_volumes.push_back(bc);
        rep_.warnings.push_back("volume " + bc + ": its label is damaged (" +
                                label.error().message +
                                "); it was not scanned, and the jobs on it are incomplete");
        log::get("job")->warn("scan: volume {}: damaged label: {}", bc, label.error().message);
        return std::optional<format::VolumeLabel>();
    }
    if (!label) {
        if (all) return std::optional<format::VolumeLabel>(); // blank or foreign: not ours
        return make_error(label.error().kind, "volume " + bc + ": " + label.error().message);
    }
    return std::optional<format::VolumeLabel>(label.value());
}

Status VolumeScan::read_labels(const std::vector<std::string>& barcodes, bool all) {
    for (const auto& bc : barcodes) {
        if (bc.rfind("CLN", 0) == 0) continue;
        auto label = read_label(bc, all);
        if (!label) return label.error();
        if (label.value()) labels_.emplace_back(*label.value(), bc);
    }
    std::stable_sort(labels_.begin(), labels_.end(), [](const auto& a, const auto& b) {
        return a.first.label_time < b.first.label_time;
    });
    auto writer = CatalogWriter::open(db_.path());
    if (!writer) return writer.error();
    writer_ = std::move(writer.value());
    return {};
}

// The volume row: found by barcode, else created (with its pool, created if missing).
Result<std::int64_t> VolumeScan::volume_row(const format::VolumeLabel& label,
                                            const std::string& bc) {
    auto known = catalog::volume_id_of(db_, bc);
    if (!known) return known.error();
    if (known.value() && *known.value()) return *known.value();
    auto pool = catalog::ensure_pool(db_, label.pool);
    if (!pool) return pool.error();
    catalog::NewVolume v;
    v.barcode = bc;
    v.uuid.assign(reinterpret_cast<const char*>(label.volume_uuid.bytes.data()), 16);
    v.pool_id = pool.value();
    v.block_size = label.block_size;
    v.labeled = label.label_time;
    return catalog::add_append_volume(db_, v);
}

// Pass 1: the first block of every tape file says which session and volume_seq it is.
Status VolumeScan::list_tape_files(const std::string& bc) {
    TL_TRY(lib_.mount(drive_index_, bc));
    TL_TRY(drive_.open(true));
    for (std::uint32_t f = 1;; ++f) {
        if (!media_.to_file(f)) break;
        const auto r = media_.read(buf_.data(), buf_.size());
        if (r.kind != BlockKind::Data) break;
        auto sh = format::decode_session_header_block(buf_.data(), r.size);
        if (sh) {
            refs_.push_back({sh->session_uuid.str(), sh->start_time, sh->volume_seq, bc, f});
            continue;
        }
        // A trailer file sorts after its session's data files on this volume.
        auto bh = format::peek_block_header(buf_.data(), r.size);
        if (bh && (bh->flags & format::block_flags::kHeader)) { // a damaged session header
            const std::string why = "the header of tape file " + std::to_string(f) + " on " + bc +
                                    " is damaged (" + sh.error().message +
                                    "); that tape file was not scanned";
            health_[bh->session_uuid.str()].damage.push_back(why);
            rep_.bad_blocks.push_back({bc, f, 0, sh.error().message});
            continue;
        }
        if (bh && (bh->flags & format::block_flags::kTrailer))
            refs_.push_back({bh->session_uuid.str(), 0, bh->volume_seq, bc, f});
    }
    (void)drive_.close();
    return {};
}

Status VolumeScan::register_volumes() {
    for (const auto& [label, bc] : labels_) {
        rep_.volumes.push_back(bc);
        auto id = volume_row(label, bc);
        if (!id) return id.error();
        volume_ids_[bc] = id.value();
        TL_TRY(list_tape_files(bc));
    }
    return {};
}

Status VolumeScan::mount(const std::string& bc) {
    if (mounted_ == bc) return {};
    if (drive_.is_open()) (void)drive_.close();
    TL_TRY(lib_.mount(drive_index_, bc));
    TL_TRY(drive_.open(true));
    mounted_ = bc;
    return {};
}

Status VolumeScan::scan_tape_file(const FileRef& ref) {
    TL_TRY(mount(ref.barcode));
    if (!media_.to_file(ref.file)) return {};
    auto pos = drive_.tell();
    if (!pos) return pos.error();
    TapeFileScan file(*this, ref);
    format::BlockReader* last = nullptr;
    TL_TRY(media_.read_here(
        ref.file,
        [&](std::uint32_t b, std::uint8_t* data, std::size_t n, format::BlockReader& reader) {
            last = &reader;
            auto st = file.on_block(b, data, n, reader);
            if (file.stopped()) media_.stop(); // a skipped session, a file not ours to read
            return st;
        },
        [&](const BlockFault& f) { file.on_fault(f); }));
    format::BlockReader none;
    return file.commit(pos.value(), last ? *last : none);
}

// Pass 2: tape files in session order, then volume order within a session, so a session
// spanning volumes is parsed in stream order whatever order the volumes were named in.
Status VolumeScan::scan_tape_files() {
    std::map<std::string, std::int64_t> session_start;
    for (const auto& r : refs_)
        if (r.start_time) session_start.try_emplace(r.session, r.start_time);
    std::stable_sort(refs_.begin(), refs_.end(), [&](const FileRef& a, const FileRef& b) {
        const auto sa = session_start[a.session], sb = session_start[b.session];
        if (sa != sb) return sa < sb;
        if (a.session != b.session) return a.session < b.session;
        if (a.volume_seq != b.volume_seq) return a.volume_seq < b.volume_seq;
        return a.file < b.file;
    });
    for (const auto& ref : refs_)
        TL_TRY(scan_tape_file(ref));
    if (drive_.is_open()) (void)drive_.close();
    return {};
}

Status VolumeScan::finish() {
    // Save set sizes: the stream length seen (what restore planning uses as the stream end).
    for (auto& [uuid, ss] : sessions_)
        for (auto& [sid, st] : ss.streams)
            if (st.sink) TL_TRY(catalog::note_scanned_stream(db_, st.sink->saveset_id, st.end));
    TL_TRY(mark_incomplete(db_, sessions_, health_, rep_));
    log::get("job")->info("scanned {} volume(s), {} tape files", labels_.size(), refs_.size());
    return catalog::recount_scanned_jobs(db_);
}
} // namespace

Result<ScanReport> scan_volumes(Engine& engine, std::vector<std::string> barcodes, bool all,
                                const std::string& library,
                                std::optional<std::size_t> drive_named) {
    auto& db = engine_catalog(engine);
    // --library, else the library holding the named cartridges (--all: the first library).
    auto lib = device::open_library_holding(
        db, engine.home(), library, all ? std::vector<std::string>{} : barcodes, engine.clock());
    if (!lib) return lib.error();
    lib.value() = shared_robot(engine, std::move(lib.value()));
    if (drive_named && *drive_named >= lib.value()->drive_count())
        return make_error(ErrorKind::InvalidArgument, "library " + lib.value()->name() +
                                                          " has no drive " +
                                                          std::to_string(*drive_named));
    if (all) {
        auto present = lib.value()->barcodes();
        if (!present) return present.error();
        barcodes = present.value();
    }
    if (barcodes.empty())
        return make_error(ErrorKind::InvalidArgument, "name the volumes to scan, or use --all");
    // A scan has no row of its own (it adds the jobs it finds): its context holds its
    // reservation of one drive and every volume to read, or waits for them.
    JobContext ctx(engine);
    JobNeeds needs;
    needs.job_name = "scan";
    if (drive_named) needs.drives.indices = {*drive_named};
    needs.volumes = barcodes;
    auto reserved = ctx.acquire(*lib.value(), needs);
    if (!reserved) return reserved.error();
    ScanReport rep;
    VolumeScan scan(engine, *lib.value(), reserved.value()->drive(0), rep);
    TL_TRY(scan.read_labels(barcodes, all));
    TL_TRY(scan.register_volumes());
    TL_TRY(scan.scan_tape_files());
    TL_TRY(scan.finish());
    return rep;
}

} // namespace tl::job
