#include <iomanip>

#include "agent/client_verify.h"
#include "api/device_ops.h"
#include "api/drive_users.h"
#include "api/media_ops.h"
#include "api/volume_contents.h"
#include "commands/commands.h"
#include "commands/job_json.h"
#include "common/log.h"
#include "common/path_json.h"
#include "common/units.h"
#include "crypto/key_store.h"
#include "device/library.h"
#include "exit_codes.h"
#include "format/object.h"
#include "job/scan_job.h"
#include "job/verify_job.h"
#include "job/volume_scanner.h"
#include "media/pool.h"
#include "media/volume_catalog.h"
#include "number_option.h"
#include "shapes/maintenance_json.h"
#include "shapes/volume_json.h"

namespace tl::cli {

void print_volumes(Context& ctx, const std::vector<client::Volume>& volumes) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& v : volumes)
            arr.push_back(v.document);
        return ctx.print_json(arr);
    }
    auto& o = ctx.out();
    o << std::left << std::setw(10) << "BARCODE" << std::setw(12) << "POOL" << std::setw(11)
      << "STATE" << std::setw(11) << "USED" << std::setw(11) << "CAPACITY" << std::setw(6) << "JOBS"
      << "LOCATION\n";
    for (const auto& v : volumes) {
        const auto& l = v.location;
        const std::string slot = l.slot ? " slot " + std::to_string(*l.slot) : "";
        std::string where = l.where == "outside"
                                ? "outside: " + l.site
                                : l.library + (l.where == "mail" ? " mail" : "") + slot;
        if (l.drive && l.where == "library")
            where = l.library + " drive " + std::to_string(*l.drive) +
                    (l.slot ? " (home slot " + std::to_string(*l.slot) + ")" : "");
        o << std::left << std::setw(10) << v.barcode << std::setw(12)
          << (v.pool.empty() ? "-" : v.pool) << std::setw(11) << v.state << std::setw(11)
          << format_bytes(v.bytes) << std::setw(11) << format_bytes(v.capacity) << std::setw(6)
          << v.jobs << where << "\n";
    }
    if (volumes.empty())
        o << "(no volumes; label blank cartridges with volume label --all-blank --pool P, or let "
             "a backup label them)\n";
}

Result<std::string> volume_ls_barcode(const Args& a) {
    if (a.words().empty() || a.words().front().empty())
        return make_error(ErrorKind::InvalidArgument,
                          "volume ls needs a BARCODE; see tapeloom-cli library inventory");
    return a.words().front();
}

namespace {
// A source or path of the listing as its bytes ({"hex"} when not UTF-8).
std::string listing_path(const nlohmann::json& j) {
    auto p = path_from_json(j);
    return p ? p.value() : std::string();
}
} // namespace

int print_volume_contents(Context& ctx, const nlohmann::json& l) {
    const int code = l["bad_blocks"].empty() ? 0 : kCorrupt;
    if (ctx.json()) {
        ctx.print_json(l);
        return code;
    }
    auto& o = ctx.out();
    o << "Volume " << l["barcode"].get<std::string>() << " (pool " << l["pool"].get<std::string>()
      << ", block size " << l["block_size"].get<std::uint32_t>() << " B, uuid "
      << l["uuid"].get<std::string>() << ")\n"
      << "  " << l["tape_files"].get<std::uint32_t>() << " tape files, " << l["sessions"].size()
      << " session(s)\n";
    for (const auto& s : l["sessions"]) {
        const std::string key = s["key_id"].get<std::string>();
        o << "  session " << s["uuid"].get<std::string>() << " job "
          << s["job_id"].get<std::uint64_t>() << " volume #"
          << s["volume_seq"].get<std::uint32_t>() + 1
          << (s["has_trailer"].get<bool>() ? "" : " (no trailer: scanned)") << "\n";
        if (!key.empty())
            o << "    encrypted (aes-256-gcm) with key " << key
              << (s["locked"].get<bool>() ? (s["names_sealed"].get<bool>()
                                                 ? ": key not in the key store, names not listed"
                                                 : ": key not in the key store, contents locked")
                                          : "")
              << "\n";
        for (const auto& st : s["streams"])
            o << "    stream " << st["id"].get<std::uint32_t>() << ": "
              << listing_path(st["source"]) << "\n";
    }
    for (const auto& obj : l["objects"]) {
        const std::string path = listing_path(obj["path"]);
        o << "  " << std::setw(12) << std::right << obj["size"].get<std::uint64_t>() << "  file "
          << std::setw(3) << obj["tape_file"].get<std::uint32_t>() << "  "
          << listing_path(obj["source"]) << (path.empty() ? "" : " : " + path)
          << (obj["complete"].get<bool>() ? "" : "  (incomplete)") << "\n";
    }
    for (const auto& b : l["bad_blocks"])
        o << "  BAD BLOCK: tape file " << b["tape_file"].get<std::uint32_t>() << " block "
          << b["block"].get<std::uint64_t>() << ": " << b["message"].get<std::string>() << "\n";
    return code;
}

namespace {
int volume_list(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    CatalogHandle db(*engine.value());
    media::VolumeFilter f;
    f.pool = ctx.args().get("pool");
    f.state = ctx.args().get("state");
    f.library = ctx.args().get("library");
    if (!f.state.empty() && !media::parse_volume_state(f.state))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--state " + f.state +
                                       ": use blank, append, full, used, recyclable, error, "
                                       "read-only, disabled or cleaning"));
    if (!f.pool.empty())
        if (auto p = media::find_pool(db, f.pool); !p) return ctx.fail(p.error());
    auto vols = media::list_volumes(db, f);
    if (!vols) return ctx.fail(vols.error());
    const auto in_drives =
        media::volumes_in_drives(db, engine.value()->home(), engine.value()->clock(), vols.value());
    std::vector<client::Volume> typed;
    for (const auto& v : vols.value()) {
        auto t = client::volume_from_json(shapes::volume_json(v, in_drives));
        if (!t) return ctx.fail(t.error());
        typed.push_back(std::move(t.value()));
    }
    print_volumes(ctx, typed);
    return 0;
}

int volume_ls(Context& ctx) {
    auto barcode = volume_ls_barcode(ctx.args());
    if (!barcode) return ctx.fail(barcode.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto listing =
        job::volume_contents(*engine.value(), barcode.value(), ctx.args().get("library"));
    if (!listing) return ctx.fail(listing.error());
    return print_volume_contents(ctx, listing.value());
}

// verify --against-client: the tape compared with the clients' files through their agents.
int verify_against_client(Context& ctx, Engine& engine, std::int64_t job_id) {
    auto r = agent::run_client_verify(engine, job_id, ctx.args().get("library"), nullptr);
    if (!r) return ctx.fail(r.error());
    return print_client_verify(ctx, r.value());
}

int verify(Context& ctx) {
    auto job_id = verify_job_option(ctx.args());
    if (!job_id) return ctx.fail(job_id.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    if (ctx.args().has("against-client"))
        return verify_against_client(ctx, *engine.value(), job_id.value());
    job::VerifyOptions o;
    o.job_id = job_id.value();
    o.library = ctx.args().get("library");
    o.pool = ctx.args().get("pool");
    auto r = job::run_verify(*engine.value(), o);
    if (!r) return ctx.fail(r.error());
    return print_verify(ctx, r.value());
}

int scan(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto r = job::scan_volumes(*engine.value(), ctx.args().words(), ctx.args().has("all"),
                               ctx.args().get("library"));
    if (!r) return ctx.fail(r.error());
    return print_scan(ctx, r.value());
}
} // namespace

int print_scan(Context& ctx, const job::ScanReport& s) {
    if (ctx.json()) {
        ctx.print_json(shapes::scan_report_json(s));
    } else {
        auto& o = ctx.out();
        o << "Scanned " << s.volumes.size() << " volume(s): " << s.jobs_added << " job(s), "
          << s.sessions_added << " session(s) and " << s.files_added
          << " file entries added to the catalog; " << s.sessions_known
          << " session(s) were already known\n";
        print_bad_blocks(o, s.bad_blocks);
        for (const auto& w : s.warnings)
            o << "  warning: " << w << "\n";
        for (const auto& j : s.incomplete) {
            o << "  job " << j.job_id << " is incomplete (status partial):\n";
            for (const auto& why : j.reasons)
                o << "    " << why << "\n";
        }
        for (const auto& k : s.keys_missing)
            o << "  NOT SCANNED (encrypted): " << k << "\n";
    }
    if (!s.damaged_volumes.empty()) return kCorrupt;
    if (!s.bad_blocks.empty() || !s.incomplete.empty()) return kPartial;
    if (!s.keys_missing.empty()) {
        log::get("cli")->error("scan: {} encrypted session(s) skipped, key not in the key store",
                               s.keys_missing.size());
        return kKeyMissing;
    }
    return kOk;
}

Result<std::int64_t> verify_job_option(const Args& a) {
    const std::string id = a.get("job");
    if (id.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "verify needs --job ID; see tapeloom-cli jobs list");
    if (a.has("against-client") && !a.get("pool").empty())
        return make_error(ErrorKind::InvalidArgument,
                          "--pool reads a job's copies from tape, --against-client compares the "
                          "catalog with the clients' files: give one of them");
    return parse_id("--job", id);
}

namespace {
// " from A, B" (the volumes a verify read), "" when it read none.
std::string volumes_read(const std::vector<std::string>& volumes) {
    std::string out;
    for (const auto& v : volumes)
        out += (out.empty() ? " from " : ", ") + v;
    return out;
}
} // namespace

int print_verify(Context& ctx, const job::VerifyReport& v) {
    if (ctx.json()) {
        nlohmann::json j = {{"job_id", v.job_id},
                            {"pool", v.pool.empty() ? nlohmann::json() : nlohmann::json(v.pool)},
                            {"volumes", v.stats.volumes},
                            {"verify_job_id", v.verify_job_id},
                            {"status", v.status},
                            {"files_ok", v.files_ok},
                            {"files_failed", v.files_failed},
                            {"blocks_read", v.stats.blocks_read},
                            {"bytes_read", v.stats.bytes_read},
                            {"elapsed_s", v.elapsed},
                            {"files_unchecked", v.files_unchecked},
                            {"key_missing", v.key_missing}};
        j["problems"] = nlohmann::json::array();
        for (const auto& p : v.problems)
            j["problems"].push_back({{"source", p.source}, {"path", p.path}, {"why", p.why}});
        j["bad_blocks"] = bad_blocks_json(v.bad_blocks);
        ctx.print_json(j);
    } else {
        auto& o = ctx.out();
        o << "Verify of job " << v.job_id << (v.pool.empty() ? "" : " in pool " + v.pool) << ": "
          << v.status << "\n"
          << "  files ok     : " << v.files_ok << "\n"
          << "  files failed : " << v.files_failed << "\n"
          << "  read         : " << v.stats.blocks_read << " blocks, "
          << format_bytes(v.stats.bytes_read) << volumes_read(v.stats.volumes) << "\n";
        print_bad_blocks(o, v.bad_blocks);
        if (v.files_unchecked > 0)
            o << "  NOT CHECKED  : contents of " << v.files_unchecked
              << " files (encrypted; block CRCs were checked): " << v.key_missing << "\n";
        std::size_t shown = 0;
        for (const auto& p : v.problems) {
            if (++shown > 50) {
                o << "  ... and " << v.problems.size() - 50 << " more (see --json)\n";
                break;
            }
            o << "  FAILED " << p.source << (p.path.empty() ? "" : " : " + p.path) << ": " << p.why
              << "\n";
        }
    }
    if (v.status == "completed") return 0;
    if (v.files_failed == 0 && v.bad_blocks.empty() && v.files_unchecked > 0) {
        log::get("cli")->error("verify of job {}: {}", v.job_id, v.key_missing);
        ctx.err() << "tapeloom-cli: error: contents not checked: " << v.key_missing << "\n";
        return kKeyMissing;
    }
    return v.status == "partial" ? kPartial : kFailure;
}

int print_client_verify(Context& ctx, const agent::ClientVerifyResult& v) {
    auto list = [](const std::vector<agent::ClientFileDifference>& d) {
        auto out = nlohmann::json::array();
        for (const auto& x : d)
            out.push_back({{"client", x.client}, {"path", x.path}, {"why", x.why}});
        return out;
    };
    if (ctx.json()) {
        ctx.print_json({{"job_id", v.job_id},
                        {"verify_job_id", v.verify_job_id},
                        {"status", v.status},
                        {"error", v.error},
                        {"compared", v.compared},
                        {"same", v.same},
                        {"differing_count", v.differing_count},
                        {"missing_count", v.missing_count},
                        {"differing", list(v.differing)},
                        {"missing", list(v.missing)},
                        {"blocks_read", v.read.blocks_read}});
    } else {
        auto& o = ctx.out();
        o << "Verify of job " << v.job_id << " against its clients: " << v.status << "\n"
          << "  compared  : " << v.compared << " (" << v.same << " the same)\n"
          << "  differing : " << v.differing_count << "\n"
          << "  missing   : " << v.missing_count << "\n";
        if (!v.error.empty()) o << "  error     : " << v.error << "\n";
        for (const auto& d : v.differing)
            o << "  DIFFERS " << d.client << ":" << d.path << ": " << d.why << "\n";
        for (const auto& d : v.missing)
            o << "  MISSING " << d.client << ":" << d.path << "\n";
    }
    if (v.status == "completed") return 0;
    return v.status == "partial" ? kPartial : kFailure;
}

void add_volume_commands(Registry& r) {
    add_volume_media_commands(r);
    add_volume_health_commands(r);
    r.push_back({{"scan"},
                 "BARCODE... | --all [--library NAME]",
                 "rebuild the catalog from volumes (jobs, save sets, files, positions)",
                 {"library"},
                 {"all"},
                 scan});
    r.push_back({{"volume", "list"},
                 "[--pool P] [--state S] [--library NAME]",
                 "volumes from the catalog: pool, state, use and location",
                 {"pool", "state", "library"},
                 {},
                 volume_list});
    reads_only(r);
    r.push_back({{"volume", "ls"},
                 "BARCODE [--library NAME]",
                 "list a volume's contents from the media alone (no catalog)",
                 {"library"},
                 {},
                 volume_ls});
    r.push_back(
        {{"verify"},
         "--job ID [--pool P] [--library NAME] [--against-client]",
         "read a backup job back from tape: every block checksum and every file's content hash; "
         "--pool: its copies in pool P (clones) instead; --against-client: compare a client's "
         "save sets with its files through its agent",
         {"job", "pool", "library"},
         {"against-client"},
         verify});
}

} // namespace tl::cli
