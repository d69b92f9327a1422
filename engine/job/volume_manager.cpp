#include "job/volume_manager.h"

#include "context/reservations.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "catalog/job_writer.h"
#include "catalog/media_use_store.h"
#include "catalog/volume_store.h"
#include "common/io_buffer.h"
#include "common/log.h"
#include "format/constants.h"
#include "format/volume_label.h"
#include "media/volume_catalog.h"

namespace tl::job {

namespace {
bool is_cleaning(const std::string& barcode) {
    return barcode.rfind("CLN", 0) == 0;
}

struct Candidate {
    std::int64_t id;
    std::string barcode, uuid;
    std::uint32_t next_file;
};

struct Reuse {
    std::string barcode, reason;
};

using Usable = VolumeManager::Usable;

// Rule 1: appendable volumes of the pool with the job's block size, fullest first (fill one
// volume before starting the next, as administrators expect).
Result<std::vector<Candidate>> appendable(catalog::Db& db, std::int64_t pool_id,
                                          std::uint32_t block_size, const Usable& usable) {
    auto rows = catalog::usable_volumes(db, pool_id);
    if (!rows) return rows.error();
    std::vector<Candidate> out;
    for (const auto& v : rows.value()) {
        if (v.use != catalog::VolumeUse::Append || !usable(v.barcode) ||
            static_cast<std::uint32_t>(v.block_size) != block_size)
            continue;
        out.push_back({v.id, v.barcode, v.uuid_hex, static_cast<std::uint32_t>(v.next_file)});
    }
    return out;
}

// Rules 2 and 3: recyclable volumes of the pool, then empty volumes lent by the Scratch pool.
Result<std::vector<Reuse>> reusable(catalog::Db& db, std::int64_t pool_id,
                                    const std::string& pool_name, const Usable& usable) {
    auto rows = catalog::usable_volumes(db, pool_id);
    if (!rows) return rows.error();
    std::vector<Reuse> out;
    for (const auto& v : rows.value()) {
        if (v.use == catalog::VolumeUse::Append || !usable(v.barcode)) continue;
        out.push_back({v.barcode, v.use == catalog::VolumeUse::Recycle
                                      ? "recycled for pool " + pool_name
                                      : "borrowed from pool " + v.pool + " by pool " + pool_name});
    }
    return out;
}

// Rule 4: a cartridge of the library that the catalog does not know, or knows as blank.
Result<bool> is_blank(catalog::Db& db, const std::string& barcode) {
    if (is_cleaning(barcode) || barcode.empty()) return false;
    auto known = catalog::is_labeled_volume(db, barcode);
    if (!known) return known.error();
    return !known.value();
}
} // namespace

Result<bool> VolumeManager::can_supply(device::Library& library, catalog::Db& db,
                                       const media::Pool& pool, std::uint32_t block_size) {
    auto present = device::barcodes_inside(library); // not those at the door
    if (!present) return present.error();
    const std::set<std::string> in_library(present->begin(), present->end());
    const Usable usable = [&](const std::string& bc) { return in_library.count(bc) > 0; };
    auto append = appendable(db, pool.id, block_size, usable);
    if (!append) return append.error();
    if (!append->empty()) return true;
    auto reuse = reusable(db, pool.id, pool.name, usable);
    if (!reuse) return reuse.error();
    if (!reuse->empty()) return true;
    if (!pool.auto_label) return false;
    for (const auto& bc : present.value()) {
        auto blank = is_blank(db, bc);
        if (!blank) return blank.error();
        if (blank.value()) return true;
    }
    return false;
}

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

Result<bool> VolumeManager::within_limits(std::int64_t id) {
    if (counted_.count(id)) return true; // this job writes on it already
    auto v = media::find_volume(db_, id);
    if (!v) return v.error();
    const auto& p = policy_.value();
    const long long now = to_unix_seconds(clock_.wall());
    std::string why;
    if (p.max_jobs > 0 && v->jobs >= p.max_jobs)
        why = "pool " + p.name + " allows " + std::to_string(p.max_jobs) + " job(s) per volume";
    else if (p.max_bytes > 0 && v->bytes >= p.max_bytes)
        why = "pool " + p.name + " allows " + std::to_string(p.max_bytes) + " bytes per volume";
    else if (p.max_use_seconds > 0 && v->first_written > 0 &&
             now - v->first_written >= p.max_use_seconds)
        why = "pool " + p.name + " allows writing for " + std::to_string(p.max_use_seconds) +
              " s after the first write";
    if (why.empty()) return true;
    auto st = media::change_state(db_, v.value(), media::VolumeEvent::LimitReached, why, now);
    if (!st) return st.error();
    return false;
}

Status VolumeManager::count_job(std::int64_t id) {
    if (!counted_.insert(id).second) return {};
    return catalog::count_volume_job(db_, id, to_unix_seconds(clock_.wall()));
}

bool VolumeManager::claim(const std::string& barcode, bool& fresh) {
    fresh = false;
    if (!grant_) return true;
    if (grant_->holds_volume(barcode)) return true;
    fresh = grant_->try_add_volume(barcode);
    return fresh;
}

void VolumeManager::unclaim(const std::string& barcode, bool fresh) {
    if (grant_ && fresh) grant_->drop_volume(barcode);
}

Result<MountedVolume> VolumeManager::acquire(std::size_t index) {
    const auto since = clock_.now();
    bool waiting = false;
    auto done = [&](Result<MountedVolume> r) {
        if (waiting) {
            std::lock_guard lock(mutex_);
            wait_ends();
        }
        return r;
    };
    for (;;) {
        auto found = offer(index);
        if (!found) return done(found.error());
        if (found->has_value()) return done(std::move(found->value()));
        auto why = [&] {
            std::lock_guard lock(mutex_);
            return nothing_left();
        };
        if (!wait_) return done(make_error(ErrorKind::NoSpace, why()));
        if (wait_->cancel && wait_->cancel->load())
            return done(make_error(ErrorKind::Cancelled, "cancelled while waiting for a volume of "
                                                         "pool " +
                                                             pool_.name));
        const double waited = seconds_between(since, clock_.now());
        if (wait_->timeout > 0 && waited >= wait_->timeout)
            return done(make_error(ErrorKind::NoSpace,
                                   why() + "; waited " + std::to_string(static_cast<long>(waited)) +
                                       " s for one"));
        if (!waiting) {
            log::get("job")->warn("job {}: drive {} waits for a volume: {}", wait_->job_id, index,
                                  why());
            std::lock_guard lock(mutex_);
            wait_begins();
            waiting = true;
        }
        // Looks again every half second, at the cancel flag every tenth.
        for (int i = 0; i < 5 && !(wait_->cancel && wait_->cancel->load()); ++i)
            clock_.sleep_for(std::chrono::milliseconds(100));
    }
}

void VolumeManager::wait_begins() {
    if (drives_waiting_++ > 0) return;
    const std::string why = "waiting for a volume of pool " + pool_.name +
                            ": label or move a volume into pool " + pool_.name +
                            " (tapeloom-cli volume label --barcode B --pool " + pool_.name + ")";
    if (auto st = catalog::set_job_waiting(db_, wait_->job_id, why); !st)
        log::get("job")->warn("job {}: wait not recorded: {}", wait_->job_id, st.error().message);
}

void VolumeManager::wait_ends() {
    if (drives_waiting_ == 0 || --drives_waiting_ > 0) return;
    if (auto st = catalog::set_job_waiting(db_, wait_->job_id, ""); !st)
        log::get("job")->warn("job {}: end of wait not recorded: {}", wait_->job_id,
                              st.error().message);
}

std::string VolumeManager::nothing_left() {
    std::size_t blanks = 0;
    if (auto present = device::barcodes_inside(lib_))
        for (const auto& bc : present.value())
            if (auto blank = is_blank(db_, bc); blank && blank.value()) ++blanks;
    const bool labels = pool_.auto_label && policy_ && policy_->auto_label;
    if (blanks > 0 && !labels)
        return "pool " + pool_.name + " has no appendable volume in library " + lib_.name() +
               " and does not label blank cartridges itself (" + std::to_string(blanks) +
               " there); label one into it (tapeloom-cli volume label --barcode B --pool " +
               pool_.name + "), or let it auto-label (tapeloom-cli pool edit " + pool_.name +
               " --auto-label yes)";
    return "pool " + pool_.name + " has no appendable volume and library " + lib_.name() +
           " has no blank cartridge left; import blank cartridges, label some into the Scratch "
           "pool or recycle volumes (tapeloom-cli prune)";
}

Result<std::optional<MountedVolume>> VolumeManager::offer(std::size_t index) {
    std::unique_lock lock(mutex_);
    if (!policy_) {
        auto p = media::find_pool(db_, pool_.id);
        if (!p) return p.error();
        policy_ = p.value();
    }
    auto present = device::barcodes_inside(lib_); // not those at the door
    if (!present) return present.error();
    const std::set<std::string> in_library(present->begin(), present->end());
    const Usable usable = [&](const std::string& bc) {
        return in_library.count(bc) && !in_use_.count(bc) && !skipped_.count(bc) &&
               !(grant_ && grant_->held_by_other(bc));
    };
    auto found = from_appendable(index, usable, lock);
    if (found && !found->has_value()) found = from_reusable(index, usable, lock);
    if (found && !found->has_value() && pool_.auto_label && policy_->auto_label)
        found = from_blank(index, present.value(), usable, lock);
    if (!found || !found->has_value()) return found;
    TL_TRY(count_job(found->value().id));
    in_use_.insert(found->value().barcode);
    return found;
}

// 1. Appendable volumes of the pool in this library, under the pool's limits.
Result<std::optional<MountedVolume>>
VolumeManager::from_appendable(std::size_t index, const Usable& usable,
                               std::unique_lock<std::mutex>& lock) {
    auto candidates = appendable(db_, pool_.id, block_size_, usable);
    if (!candidates) return candidates.error();
    for (const auto& c : candidates.value()) {
        if (in_use_.count(c.barcode)) continue; // another drive took it while this one mounted
        auto ok = within_limits(c.id);
        if (!ok) return ok.error();
        if (!ok.value()) continue;
        bool fresh = false;
        if (!claim(c.barcode, fresh)) continue; // another job took it meanwhile
        // The catalog writer may not have recorded the files a drive of this job wrote there
        // yet: appending from its next_file would overwrite them.
        const auto ended = ended_at_.find(c.barcode);
        const std::uint32_t next_file =
            ended == ended_at_.end() ? c.next_file : std::max(c.next_file, ended->second);
        // The drives of a job mount at the same time: the volume is theirs to skip while this
        // drive loads and positions it without the lock (issue 39).
        in_use_.insert(c.barcode);
        lock.unlock();
        auto m = try_append(index, c.id, c.barcode, c.uuid, next_file);
        lock.lock();
        if (m) {
            if (auto counted = catalog::count_volume_mount(db_, c.id); !counted) {
                in_use_.erase(c.barcode);
                return counted.error();
            }
            return std::optional<MountedVolume>(std::move(m.value()));
        }
        in_use_.erase(c.barcode);
        unclaim(c.barcode, fresh);
        if (m.error().kind == ErrorKind::Busy)
            continue; // held by another job's open drive: try the next
        skipped_.insert(c.barcode);
        warn("volume " + c.barcode + " skipped: " + m.error().message);
        if (m.error().kind == ErrorKind::Io || m.error().kind == ErrorKind::Corrupt) {
            // Its label cannot be read back: the volume goes out of use until checked.
            auto v = media::find_volume(db_, c.id);
            if (!v) return v.error();
            auto st = media::change_state(db_, v.value(), media::VolumeEvent::IoError,
                                          m.error().message, to_unix_seconds(clock_.wall()));
            if (!st) return st.error();
        }
    }
    return std::optional<MountedVolume>();
}

// 2. Recyclable volumes of the pool, then 3. empty volumes lent by the Scratch pool.
Result<std::optional<MountedVolume>>
VolumeManager::from_reusable(std::size_t index, const Usable& usable,
                             std::unique_lock<std::mutex>& lock) {
    auto reuse = reusable(db_, pool_.id, pool_.name, usable);
    if (!reuse) return reuse.error();
    for (const auto& r : reuse.value()) {
        if (in_use_.count(r.barcode)) continue; // another drive took it while this one labeled
        bool fresh = false;
        if (!claim(r.barcode, fresh)) continue;
        auto m = try_label(index, r.barcode, media::Overwrite::OwnVolume, r.reason, lock);
        if (m) return std::optional<MountedVolume>(std::move(m.value()));
        unclaim(r.barcode, fresh);
        if (m.error().kind == ErrorKind::Busy) continue;
        skipped_.insert(r.barcode);
        warn("volume " + r.barcode + " not reused: " + m.error().message);
    }
    return std::optional<MountedVolume>();
}

// 4. Blank cartridges: barcodes the catalog does not know, or knows as blank.
Result<std::optional<MountedVolume>>
VolumeManager::from_blank(std::size_t index, const std::vector<std::string>& present,
                          const Usable& usable, std::unique_lock<std::mutex>& lock) {
    for (const auto& bc : present) {
        if (!usable(bc)) continue;
        auto blank = is_blank(db_, bc);
        if (!blank) return blank.error();
        if (!blank.value()) continue;
        bool fresh = false;
        if (!claim(bc, fresh)) continue;
        auto m = try_label(index, bc, media::Overwrite::BlankOnly,
                           "labeled for pool " + pool_.name + " by a " + pool_.job_kind, lock);
        if (m) return std::optional<MountedVolume>(std::move(m.value()));
        unclaim(bc, fresh);
        if (m.error().kind == ErrorKind::Busy) continue; // in another job's open drive
        skipped_.insert(bc);
        // NoMedium: another request labeled it since is_blank() (media::labeled_meanwhile).
        if (m.error().kind == ErrorKind::Foreign || m.error().kind == ErrorKind::WriteProtected ||
            m.error().kind == ErrorKind::Corrupt || m.error().kind == ErrorKind::NoMedium)
            warn(m.error().message);
        else
            return m.error();
    }
    return std::optional<MountedVolume>();
}

Result<MountedVolume> VolumeManager::try_append(std::size_t index, std::int64_t id,
                                                const std::string& barcode,
                                                const std::string& uuid_hex,
                                                std::uint32_t next_file) {
    TL_TRY(lib_.mount(index, barcode));
    auto& drive = lib_.drive(index);
    TL_TRY(drive.open(false));
    TL_TRY(drive.rewind());
    // Left uninitialised: zeroing the largest block's 4 MiB cost each mount 1-9 ms of page
    // faults, on the path every drive of a job waits on before its first block.
    const auto buf = make_io_block(format::kMaxBlockSize);
    auto n = drive.read_block(buf.get(), format::kMaxBlockSize);
    if (!n) return n.error();
    auto label = format::decode_label(buf.get(), n.value());
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
    MountedVolume m;
    m.id = id;
    m.barcode = barcode;
    m.uuid = label->volume_uuid;
    m.next_file = next_file;
    return m;
}

Result<MountedVolume> VolumeManager::try_label(std::size_t index, const std::string& barcode,
                                               media::Overwrite overwrite,
                                               const std::string& reason,
                                               std::unique_lock<std::mutex>& lock) {
    media::LabelRequest req;
    req.barcode = barcode;
    req.pool = policy_.value();
    req.block_size = block_size_;
    req.overwrite = overwrite;
    req.reason = reason;
    req.engine_version = engine_version_;
    // The drives of a job label at the same time: the cartridge is theirs to skip while this
    // one mounts, checks and writes it without the lock (the label's filemark is synchronous).
    in_use_.insert(barcode);
    auto r = media::label_volume(db_, lib_, index, req, clock_, true, &lock);
    in_use_.erase(barcode); // offer() marks the volume it returns
    if (!r) return r.error();
    if (r->jobs_purged > 0)
        warn("volume " + barcode + " recycled: " + std::to_string(r->jobs_purged) +
             " expired job(s) purged from the catalog");
    auto v = media::find_volume(db_, barcode);
    if (!v) return v.error();
    auto blob = catalog::volume_uuid(db_, v->id);
    if (!blob) return blob.error();
    MountedVolume m;
    m.id = v->id;
    m.barcode = barcode;
    for (std::size_t i = 0; i < m.uuid.bytes.size() && i < blob->size(); ++i)
        m.uuid.bytes[i] = static_cast<std::uint8_t>((*blob)[i]);
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
    auto& ended = ended_at_[v.barcode];
    ended = std::max(ended, v.next_file);
    if (full) {
        skipped_.insert(v.barcode);
        // The catalog writer may have set 'full' with the last tape file already; the history
        // records the change once either way.
        auto rec = media::find_volume(db_, v.id);
        if (!rec) return rec.error();
        auto vol = rec.value();
        auto last = media::volume_history(db_, v.id);
        if (!last) return last.error();
        if (last->empty() || last->back().to != "full") {
            if (vol.state == media::VolumeState::Full) vol.state = media::VolumeState::Append;
            auto ch = media::change_state(db_, vol, media::VolumeEvent::Fill, "end of medium",
                                          to_unix_seconds(clock_.wall()));
            if (!ch) log::get("job")->warn("volume {}: {}", v.barcode, ch.error().message);
        }
    }
    return st;
}

} // namespace tl::job
