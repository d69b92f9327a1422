#include "job/volume_manager.h"

#include <unistd.h>
#include <vector>

#include "common/log.h"
#include "device/null_drive.h"
#include "format/constants.h"
#include "format/identify.h"
#include "format/volume_label.h"

namespace tl::job {

namespace {
std::string hostname() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}
bool is_cleaning(const std::string& barcode) {
    return barcode.rfind("CLN", 0) == 0;
}
} // namespace

VolumeManager::VolumeManager(device::Library& library, catalog::Db& db, PoolInfo pool,
                             std::uint32_t block_size, Clock& clock, std::string engine_version)
    : lib_(library), db_(db), pool_(std::move(pool)), block_size_(block_size), clock_(clock),
      engine_version_(std::move(engine_version)) {}

void VolumeManager::warn(const std::string& msg) {
    log::get("job")->warn("{}", msg);
    warnings_.push_back(msg);
}

std::vector<std::string> VolumeManager::warnings() const {
    std::lock_guard lock(mutex_);
    return warnings_;
}

Result<MountedVolume> VolumeManager::acquire(std::size_t index) {
    std::lock_guard lock(mutex_);
    auto present = lib_.barcodes();
    if (!present) return present.error();
    const std::set<std::string> in_library(present->begin(), present->end());

    // 1. Appendable volumes of the pool that are in this library, fullest first (fill one
    //    volume before starting the next, as administrators expect).
    auto q = db_.prepare("SELECT id, barcode, hex(uuid), next_file, block_size FROM volumes "
                         "WHERE pool_id=? AND state='append' ORDER BY bytes DESC, id");
    if (!q) return q.error();
    q->bind(1, pool_.id);
    struct Candidate {
        std::int64_t id;
        std::string barcode, uuid;
        std::uint32_t next_file;
    };
    std::vector<Candidate> candidates;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        const std::string bc = q->text(1);
        if (!in_library.count(bc) || in_use_.count(bc) || skipped_.count(bc)) continue;
        if (static_cast<std::uint32_t>(q->i64(4)) != block_size_) continue;
        candidates.push_back({q->i64(0), bc, q->text(2), static_cast<std::uint32_t>(q->i64(3))});
    }
    for (const auto& c : candidates) {
        auto m = try_append(index, c.id, c.barcode, c.uuid, c.next_file);
        if (m) {
            in_use_.insert(m->barcode);
            return m;
        }
        if (m.error().kind == ErrorKind::Busy)
            continue; // held by another job's open drive: try the next
        skipped_.insert(c.barcode);
        warn("volume " + c.barcode + " skipped: " + m.error().message);
    }
    // 2. Blank cartridges: barcodes the catalog has never labeled.
    if (pool_.auto_label) {
        for (const auto& bc : *present) {
            if (in_use_.count(bc) || skipped_.count(bc) || is_cleaning(bc) || bc.empty()) continue;
            {
                // Scoped: an unfinished SELECT would keep a read transaction open across the
                // INSERT below, which SQLite then refuses (busy snapshot) when others wrote.
                auto known = db_.prepare("SELECT count(*) FROM volumes WHERE barcode=?");
                if (!known) return known.error();
                known->bind(1, bc);
                auto r = known->step();
                if (!r) return r.error();
                if (known->i64(0) > 0) continue;
            }
            auto m = try_label(index, bc);
            if (m) {
                in_use_.insert(m->barcode);
                return m;
            }
            if (m.error().kind == ErrorKind::Busy) continue; // in another job's open drive
            skipped_.insert(bc);
            if (m.error().kind == ErrorKind::Foreign ||
                m.error().kind == ErrorKind::WriteProtected || m.error().kind == ErrorKind::Corrupt)
                warn(m.error().message);
            else
                return m.error();
        }
    }
    return make_error(
        ErrorKind::NoSpace,
        "pool " + pool_.name + " has no appendable volume and library " + lib_.name() +
            " has no blank cartridge left; import blank cartridges or recycle volumes");
}

Result<MountedVolume> VolumeManager::try_append(std::size_t index, std::int64_t id,
                                                const std::string& barcode,
                                                const std::string& uuid_hex,
                                                std::uint32_t next_file) {
    TL_TRY(lib_.mount(index, barcode));
    auto& drive = lib_.drive(index);
    TL_TRY(drive.open(false));
    TL_TRY(drive.rewind());
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    auto n = drive.read_block(buf.data(), buf.size());
    if (!n) return n.error();
    auto label = format::decode_label(buf.data(), n.value());
    if (!label) return label.error();
    std::string hex;
    for (auto b : label->volume_uuid.bytes) {
        static const char* digits = "0123456789ABCDEF";
        hex += digits[b >> 4];
        hex += digits[b & 15];
    }
    if (label->barcode != barcode || hex != uuid_hex)
        return make_error(ErrorKind::Foreign, "cartridge " + barcode +
                                                  " carries the label of volume '" +
                                                  label->barcode +
                                                  "', not the one the catalog knows; "
                                                  "scan it or relabel it");
    TL_TRY(drive.rewind());
    TL_TRY(drive.space_filemarks(static_cast<long>(next_file)));
    auto upd = db_.prepare("UPDATE volumes SET mounts=mounts+1 WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, id).run());
    MountedVolume m;
    m.id = id;
    m.barcode = barcode;
    m.uuid = label->volume_uuid;
    m.next_file = next_file;
    return m;
}

namespace {
// Reads the label back and leaves the drive at the start of tape file 1: the catalog and the
// media must agree before anything else is written.
Status check_label_back(device::TapeDrive& drive, const format::VolumeLabel& label,
                        const std::string& barcode, std::vector<std::uint8_t>& buf) {
    TL_TRY(drive.rewind());
    auto back = drive.read_block(buf.data(), buf.size());
    if (!back) return back.error();
    auto decoded = format::decode_label(buf.data(), back.value());
    if (!decoded || !(decoded.value() == label))
        return make_error(ErrorKind::Corrupt,
                          "cartridge " + barcode +
                              ": the label read back differs from the one written");
    TL_TRY(drive.rewind());
    TL_TRY(drive.space_filemarks(1));
    return {};
}
} // namespace

Result<MountedVolume> VolumeManager::try_label(std::size_t index, const std::string& barcode) {
    TL_TRY(lib_.mount(index, barcode));
    auto& drive = lib_.drive(index);
    auto opened = drive.open(false);
    if (!opened) return opened.error();
    // A null drive keeps nothing: there is no blank check and no label to read back.
    const bool discards = dynamic_cast<device::NullDrive*>(&drive) != nullptr;
    TL_TRY(drive.rewind());
    std::vector<std::uint8_t> buf(format::kMaxBlockSize);
    auto first = discards ? Result<std::size_t>(make_error(ErrorKind::NotFound, "null drive"))
                          : drive.read_block(buf.data(), buf.size());
    if (first) {
        const auto kind = format::identify(buf.data(), first.value());
        if (kind != format::MediaKind::Blank)
            return make_error(ErrorKind::Foreign, "cartridge " + barcode + " is not blank (" +
                                                      format::describe(kind) +
                                                      "); it was not overwritten. Label it "
                                                      "explicitly with --force if its data may go");
    } else if (first.error().kind != ErrorKind::NotFound) {
        return first.error(); // a read error: do not guess
    }
    TL_TRY(drive.rewind());
    format::VolumeLabel label;
    label.volume_uuid = format::Uuid::random();
    label.barcode = barcode;
    label.pool = pool_.name;
    label.media_type = "virtual";
    label.block_size = block_size_;
    label.label_time = to_unix_seconds(clock_.wall());
    label.host = hostname();
    label.engine_version = engine_version_;
    const auto bytes = format::encode_label(label);
    TL_TRY(drive.write_block(bytes.data(), bytes.size()));
    TL_TRY(drive.write_filemarks(1));
    if (!discards) TL_TRY(check_label_back(drive, label, barcode, buf));
    auto ins = db_.prepare(
        "INSERT INTO volumes(barcode, uuid, pool_id, state, block_size, capacity, labeled, mounts) "
        "VALUES(?,?,?,'append',?,?,?,1)");
    if (!ins) return ins.error();
    ins->bind(1, barcode)
        .bind_blob(2, label.volume_uuid.bytes.data(), label.volume_uuid.bytes.size());
    ins->bind(3, pool_.id).bind(4, static_cast<std::int64_t>(block_size_));
    ins->bind(5, static_cast<std::int64_t>(drive.capacity_bytes())).bind(6, label.label_time);
    TL_TRY(ins->run());
    log::get("job")->info("labeled {} for pool {} in {}", barcode, pool_.name, drive.name());
    MountedVolume m;
    m.id = db_.last_insert_rowid();
    m.barcode = barcode;
    m.uuid = label.volume_uuid;
    m.next_file = 1;
    m.labeled_now = true;
    return m;
}

Status VolumeManager::release(std::size_t index, const MountedVolume& v, bool full) {
    std::lock_guard lock(mutex_);
    // Closed so another drive of this job may take the cartridge (the changer refuses to move
    // a cartridge out of an open drive).
    auto& drive = lib_.drive(index);
    Status st = drive.is_open() ? drive.close() : Status{};
    in_use_.erase(v.barcode);
    if (full) skipped_.insert(v.barcode);
    return st;
}

} // namespace tl::job
