#include "job/scan_job.h"

#include "job/job_reservation.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <set>

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
    bool synced = false;
    std::uint64_t end = 0;
};

struct SessionState {
    std::int64_t session_id = 0;
    std::int64_t job_id = 0;
    bool known = false;  // already in the catalog: skipped
    bool locked = false; // encrypted with a key not in the store: skipped
    std::unique_ptr<format::ChunkCipher> cipher;
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
Status mark_incomplete(catalog::Db& db, const std::map<std::string, SessionState>& sessions,
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
Status open_scanned_session(SessionState& ss, const format::SessionHeader& sh,
                            const crypto::KeyStore& keys, ScanReport& rep) {
    if (!sh.encryption.enabled()) return {};
    auto c = open_session_cipher(keys, sh.encryption.key_id, sh.session_uuid.bytes);
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
void unseal_scanned(std::uint8_t* block, format::BlockReader& reader, const SessionState& ss,
                    const std::string& barcode, std::uint32_t file, std::uint32_t b,
                    ScanReport& rep) {
    auto n =
        format::unseal_chunks(block, reader.header(), reader.mutable_chunks(), ss.cipher.get());
    if (!n) {
        rep.bad_blocks.push_back({barcode, file, b, n.error().message});
        return;
    }
    for (std::uint32_t i = 0; i < reader.chunks().size(); ++i)
        if (format::failed_auth(reader.chunks()[i]))
            rep.bad_blocks.push_back(
                {barcode, file, b, format::auth_failure(reader.header(), i, reader.chunks()[i])});
}
} // namespace

Result<ScanReport> scan_volumes(Engine& engine, std::vector<std::string> barcodes, bool all,
                                const std::string& library,
                                std::optional<std::size_t> drive_named) {
    auto& db = engine.catalog();
    auto log = log::get("job");
    const auto keys = crypto::KeyStore::in_home(engine.home());
    // --library, else the library holding the named cartridges (--all: the first library).
    auto lib = device::open_library_holding(
        db, engine.home(), library, all ? std::vector<std::string>{} : barcodes, engine.clock());
    if (!lib) return lib.error();
    lib.value() = shared_robot(engine, std::move(lib.value()));
    if (drive_named && *drive_named >= lib.value()->drive_count())
        return make_error(ErrorKind::InvalidArgument, "library " + lib.value()->name() +
                                                          " has no drive " +
                                                          std::to_string(*drive_named));
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    ScanReport rep;

    // Read every label first: --all keeps Tapeloom volumes, ordered by label time so spanned
    // sessions are met volume after volume.
    if (all) {
        auto present = lib.value()->barcodes();
        if (!present) return present.error();
        barcodes = present.value();
    }
    if (barcodes.empty())
        return make_error(ErrorKind::InvalidArgument, "name the volumes to scan, or use --all");
    // One drive and every volume to read, or wait for them (docs/reservations.md).
    JobNeeds needs;
    needs.job_name = "scan";
    if (drive_named) needs.drives.indices = {*drive_named};
    needs.volumes = barcodes;
    auto reserved = reserve(engine, *lib.value(), needs);
    if (!reserved) return reserved.error();
    const std::size_t drive_index = reserved.value()->drive(0);
    auto& drive = lib.value()->drive(drive_index);
    std::vector<std::pair<format::VolumeLabel, std::string>> labels;
    for (const auto& bc : barcodes) {
        if (bc.rfind("CLN", 0) == 0) continue;
        auto m = lib.value()->mount(drive_index, bc);
        if (!m) {
            if (all) continue;
            return m.error();
        }
        TL_TRY(drive.open(true));
        TL_TRY(drive.rewind());
        auto n = drive.read_block(buf.data(), buf.size());
        auto label = n ? format::decode_label(buf.data(), n.value())
                       : Result<format::VolumeLabel>(n.error());
        const bool damaged = !label && ours_damaged(drive, buf, n);
        (void)drive.close();
        if (damaged) { // ours: reported, whether named or found by --all
            rep.damaged_volumes.push_back(bc);
            rep.warnings.push_back("volume " + bc + ": its label is damaged (" +
                                   label.error().message +
                                   "); it was not scanned, and the jobs on it are incomplete");
            log->warn("scan: volume {}: damaged label: {}", bc, label.error().message);
            continue;
        }
        if (!label) {
            if (all) continue; // blank or foreign cartridges are not ours to scan
            return make_error(label.error().kind, "volume " + bc + ": " + label.error().message);
        }
        labels.emplace_back(label.value(), bc);
    }
    std::stable_sort(labels.begin(), labels.end(), [](const auto& a, const auto& b) {
        return a.first.label_time < b.first.label_time;
    });

    auto writer = CatalogWriter::open(db.path());
    if (!writer) return writer.error();
    std::map<std::string, SessionState> sessions; // by session UUID
    std::map<std::string, SessionHealth> health;  // by session UUID
    std::map<std::uint64_t, std::int64_t> jobs;   // job id on media -> job id here

    std::map<std::string, std::int64_t> volume_ids;
    struct FileRef {
        std::string session;
        std::int64_t start_time;
        std::uint32_t volume_seq;
        std::string barcode;
        std::uint32_t file;
    };
    std::vector<FileRef> refs;
    for (const auto& [label, bc] : labels) {
        rep.volumes.push_back(bc);
        // The volume row: found by barcode, else created (with its pool, created if missing).
        std::int64_t volume_id = 0;
        auto known = catalog::volume_id_of(db, bc);
        if (!known) return known.error();
        if (known.value()) volume_id = *known.value();
        if (!volume_id) {
            auto pool = catalog::ensure_pool(db, label.pool);
            if (!pool) return pool.error();
            catalog::NewVolume v;
            v.barcode = bc;
            v.uuid.assign(reinterpret_cast<const char*>(label.volume_uuid.bytes.data()), 16);
            v.pool_id = pool.value();
            v.block_size = label.block_size;
            v.labeled = label.label_time;
            auto id = catalog::add_append_volume(db, v);
            if (!id) return id.error();
            volume_id = id.value();
        }
        volume_ids[bc] = volume_id;
        // Pass 1: the first block of every tape file says which session and volume_seq it is.
        TL_TRY(lib.value()->mount(drive_index, bc));
        TL_TRY(drive.open(true));
        for (std::uint32_t f = 1;; ++f) {
            TL_TRY(drive.rewind());
            if (!drive.space_filemarks(static_cast<long>(f))) break;
            auto n = drive.read_block(buf.data(), buf.size());
            if (!n || n.value() == 0) break;
            auto sh = format::decode_session_header_block(buf.data(), n.value());
            if (sh) {
                refs.push_back({sh->session_uuid.str(), sh->start_time, sh->volume_seq, bc, f});
                continue;
            }
            // A trailer file sorts after its session's data files on this volume.
            auto bh = format::peek_block_header(buf.data(), n.value());
            if (bh && (bh->flags & format::block_flags::kHeader)) { // a damaged session header
                const std::string why = "the header of tape file " + std::to_string(f) + " on " +
                                        bc + " is damaged (" + sh.error().message +
                                        "); that tape file was not scanned";
                health[bh->session_uuid.str()].damage.push_back(why);
                rep.bad_blocks.push_back({bc, f, 0, sh.error().message});
                continue;
            }
            if (bh && (bh->flags & format::block_flags::kTrailer))
                refs.push_back({bh->session_uuid.str(), 0, bh->volume_seq, bc, f});
        }
        (void)drive.close();
    }
    // Pass 2: tape files in session order, then volume order within a session, so a session
    // spanning volumes is parsed in stream order whatever order the volumes were named in.
    std::map<std::string, std::int64_t> session_start;
    for (const auto& r : refs)
        if (r.start_time) session_start.try_emplace(r.session, r.start_time);
    std::stable_sort(refs.begin(), refs.end(), [&](const FileRef& a, const FileRef& b) {
        const auto sa = session_start[a.session], sb = session_start[b.session];
        if (sa != sb) return sa < sb;
        if (a.session != b.session) return a.session < b.session;
        if (a.volume_seq != b.volume_seq) return a.volume_seq < b.volume_seq;
        return a.file < b.file;
    });
    std::string mounted;
    format::BlockReader reader;
    for (const auto& ref : refs) {
        const std::string& bc = ref.barcode;
        const std::int64_t volume_id = volume_ids[bc];
        if (mounted != bc) {
            if (drive.is_open()) (void)drive.close();
            TL_TRY(lib.value()->mount(drive_index, bc));
            TL_TRY(drive.open(true));
            mounted = bc;
        }
        const std::uint32_t file = ref.file;
        {
            TL_TRY(drive.rewind());
            if (!drive.space_filemarks(static_cast<long>(file))) continue;

            auto pos = drive.tell();
            if (!pos) return pos.error();
            CatalogBatch batch;
            SessionState* ss = nullptr;
            std::uint64_t first_seq = 0, blocks = 0;
            std::uint32_t volume_seq = 0;
            std::map<std::uint32_t, ExtentRecord> extents;
            bool empty_file = true, trailer_file = false;
            auto& hl = health[ref.session];
            hl.seqs.insert(ref.volume_seq);
            format::ControlStreamParser ctl; // a trailer file's records: is the session whole?
            bool ctl_started = false;
            auto feed_control = [&](std::uint32_t b) {
                if (format::has_sealed_chunks(reader.chunks())) { // an encrypted session's trailer
                    auto it = sessions.find(ref.session);
                    if (it == sessions.end() || !it->second.cipher) return; // no key: unknown
                    unseal_scanned(buf.data(), reader, it->second, bc, file, b, rep);
                }
                for (const auto& c : reader.chunks()) {
                    if (c.stream_id != format::kControlStream) continue;
                    if (c.flags & format::chunk_flags::kSealed) continue; // not authentic
                    if (!ctl_started)
                        ctl.resync_at(c.stream_offset + (c.first_boundary == format::kNoBoundary
                                                             ? 0
                                                             : c.first_boundary));
                    ctl_started = true;
                    (void)ctl.feed(c.stream_offset, c.data, c.length);
                }
            };
            // A stream met in a session header or announced by a stream-start record.
            auto add_stream = [&](const format::StreamInfo& si) -> Status {
                if (ss->streams.count(si.id)) return {};
                catalog::NewSaveset row;
                row.job_id = ss->job_id;
                row.session_id = ss->session_id;
                row.stream_id = si.id;
                row.source = si.identity;
                row.kind = kind_text(si.kind);
                row.codec = codec::to_string(si.codec);
                row.status = "completed";
                auto saveset_id = catalog::add_saveset(db, row);
                if (!saveset_id) return saveset_id.error();
                auto& st = ss->streams[si.id];
                st.sink = std::make_unique<ScanSink>();
                st.sink->saveset_id = saveset_id.value();
                format::StreamParser::Options opt;
                opt.decode_data = false;
                opt.verify_hash = false;
                st.parser = std::make_unique<format::StreamParser>(*st.sink, si.id, opt);
                return {};
            };
            for (std::uint32_t b = 0;; ++b) {
                auto n = drive.read_block(buf.data(), buf.size());
                if (!n) {
                    if (n.error().kind == ErrorKind::NotFound) break; // end of data
                    rep.bad_blocks.push_back({bc, file, b, n.error().message});
                    hl.damage.push_back("block " + std::to_string(b) + " of tape file " +
                                        std::to_string(file) + " on " + bc +
                                        " is unreadable: " + n.error().message);
                    if (ss)
                        for (auto& [id, st] : ss->streams)
                            st.synced = false;
                    continue;
                }
                if (n.value() == 0) break; // filemark
                empty_file = false;
                ++rep.blocks_read;
                ++blocks;
                if (auto st = reader.parse(buf.data(), n.value()); !st) {
                    rep.bad_blocks.push_back({bc, file, b, st.error().message});
                    hl.damage.push_back("block " + std::to_string(b) + " of tape file " +
                                        std::to_string(file) + " on " + bc +
                                        " is damaged: " + st.error().message);
                    if (ss)
                        for (auto& [id, s] : ss->streams)
                            s.synced = false;
                    continue;
                }
                const auto& hdr = reader.header();
                if (trailer_file) {
                    feed_control(b);
                    continue;
                }
                if (b == 0) {
                    first_seq = hdr.session_block_seq;
                    volume_seq = hdr.volume_seq;
                    if (hdr.flags & format::block_flags::kTrailer) {
                        trailer_file = true;
                        feed_control(b);
                        continue;
                    }
                    if (!(hdr.flags & format::block_flags::kHeader)) {
                        rep.warnings.push_back(bc + " tape file " + std::to_string(file) +
                                               " does not start with a session header");
                        break;
                    }
                    auto sh = format::decode_session_header_block(buf.data(), n.value());
                    if (!sh) {
                        rep.bad_blocks.push_back({bc, file, 0, sh.error().message});
                        break;
                    }
                    const std::string uuid = sh->session_uuid.str();
                    auto [it, fresh] = sessions.try_emplace(uuid);
                    ss = &it->second;
                    if (fresh) {
                        auto known = catalog::session_known(db, sh->session_uuid.bytes.data());
                        if (!known) return known.error();
                        ss->known = known.value();
                        if (!ss->known) TL_TRY(open_scanned_session(*ss, sh.value(), keys, rep));
                        if (ss->known) {
                            ++rep.sessions_known;
                        } else if (!ss->locked) {
                            auto j = jobs.find(sh->job_id);
                            if (j == jobs.end()) {
                                auto id = catalog::add_scanned_job(db, sh->start_time);
                                if (!id) return id.error();
                                j = jobs.emplace(sh->job_id, id.value()).first;
                                ++rep.jobs_added;
                            }
                            ss->job_id = j->second;
                            auto session =
                                catalog::add_session(db, ss->job_id, sh->session_uuid.bytes.data(),
                                                     "scanned", sh->block_size);
                            if (!session) return session.error();
                            ss->session_id = session.value();
                            TL_TRY(record_session_encryption(db, ss->session_id, sh->encryption));
                            ++rep.sessions_added;
                        }
                    }
                    if (ss->skipped()) break;
                    for (const auto& si : sh->streams)
                        TL_TRY(add_stream(si));
                    continue;
                }
                if (!ss || ss->skipped()) break;
                if (format::has_sealed_chunks(reader.chunks()))
                    unseal_scanned(buf.data(), reader, *ss, bc, file, b, rep);
                for (const auto& c : reader.chunks()) {
                    if (c.flags & format::chunk_flags::kSealed) { // not authentic: lost
                        if (auto it = ss->streams.find(c.stream_id); it != ss->streams.end())
                            it->second.synced = false;
                        continue;
                    }
                    if (c.stream_id == format::kControlStream) {
                        if (c.first_boundary == 0 && format::is_stream_start(c.data, c.length))
                            if (auto si = format::decode_stream_start(c.data, c.length))
                                TL_TRY(add_stream(si.value()));
                        continue;
                    }
                    auto it = ss->streams.find(c.stream_id);
                    if (it == ss->streams.end())
                        continue; // a stream never announced: cannot name it
                    auto& st = it->second;
                    st.sink->out = &batch.files;
                    st.sink->chunks.push_back({c.stream_offset, {volume_id, file, b}});
                    if (st.sink->chunks.size() > 64) st.sink->chunks.pop_front();
                    auto [e, fresh] = extents.try_emplace(c.stream_id);
                    if (fresh) {
                        e->second = {
                            st.sink->saveset_id, c.stream_offset, 0, volume_id, file, b, b};
                    }
                    e->second.end_offset = c.stream_offset + c.length;
                    e->second.last_block = b;
                    st.end = std::max(st.end, c.stream_offset + c.length);
                    if (!st.synced) {
                        if (c.stream_offset != st.parser->next_offset() ||
                            st.parser->next_offset() == 0) {
                            if (c.first_boundary == format::kNoBoundary) continue;
                            if (!(c.stream_offset == 0 && st.parser->next_offset() == 0))
                                st.parser->resync_at(c.stream_offset + c.first_boundary);
                        }
                        st.synced = true;
                    }
                    if (!st.parser->feed(c.stream_offset, c.data, c.length)) st.synced = false;
                }
            }
            for (const auto& rec : ctl.take())
                hl.ended |= rec.kind == format::ControlKind::SessionTrailer;
            if (empty_file) continue;
            if (trailer_file || !ss || ss->skipped()) {
                if (ss && !ss->skipped() && trailer_file) {
                    batch.tape_file = {ss->session_id, volume_id, volume_seq, file,
                                       pos.value(),    blocks,    first_seq,  0};
                    batch.volume_next_file = file + 1;
                    TL_TRY(writer.value()->commit(batch));
                }
                continue;
            }
            for (auto& [sid, e] : extents)
                batch.extents.push_back(e);
            batch.tape_file = {
                ss->session_id, volume_id, volume_seq, file,
                pos.value(),    blocks,    first_seq,  blocks * reader.header().block_len};
            batch.volume_next_file = file + 1;
            rep.files_added += batch.files.size();
            TL_TRY(writer.value()->commit(batch));
        }
    }
    if (drive.is_open()) (void)drive.close();
    // Save set sizes: the stream length seen (what restore planning uses as the stream end).
    for (auto& [uuid, ss] : sessions)
        for (auto& [sid, st] : ss.streams)
            if (st.sink) {
                (void)catalog::note_scanned_stream(db, st.sink->saveset_id, st.end);
            }
    TL_TRY(mark_incomplete(db, sessions, health, rep));
    log->info("scanned {} volume(s), {} tape files", labels.size(), refs.size());
    TL_TRY(catalog::recount_scanned_jobs(db));
    return rep;
}

} // namespace tl::job
