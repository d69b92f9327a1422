#include "media/labeler.h"

#include <algorithm>
#include <unistd.h>
#include <vector>

#include "catalog/volume_store.h"

#include "common/io_buffer.h"
#include "common/log.h"
#include "device/null_drive.h"
#include "format/constants.h"
#include "format/identify.h"
#include "media/volume_actions.h"

namespace tl::media {

namespace {
std::string hostname() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}

// Whether what the first block holds may be overwritten under `mode`.
Status check_overwrite(const std::uint8_t* data, std::size_t n, const LabelRequest& req) {
    const auto kind = format::identify(data, n);
    if (kind == format::MediaKind::Blank || req.overwrite == Overwrite::Anything) return {};
    if (kind == format::MediaKind::Tapeloom && req.overwrite == Overwrite::OwnVolume) {
        auto label = format::decode_label(data, n);
        if (label && label->barcode == req.barcode) return {};
    }
    return make_error(ErrorKind::Foreign,
                      "cartridge " + req.barcode + " is not blank (" + format::describe(kind) +
                          "); it was not overwritten. Label it with --force if its data may go");
}

// A new volume row for `label` (state append, history), placed in its home slot.
Result<std::int64_t> insert_volume(catalog::Db& db, device::Library& lib,
                                   const std::string& barcode, const format::VolumeLabel& label,
                                   std::int64_t pool_id, std::uint64_t capacity,
                                   const std::string& reason, long long now) {
    catalog::LabeledVolume row;
    row.barcode = barcode;
    std::copy(label.volume_uuid.bytes.begin(), label.volume_uuid.bytes.end(), row.uuid.begin());
    row.pool_id = pool_id;
    row.block_size = static_cast<std::int64_t>(label.block_size);
    row.capacity = static_cast<std::int64_t>(capacity);
    row.labeled = label.label_time;
    row.library = lib.name();
    auto inserted = catalog::insert_labeled_volume(db, row);
    if (!inserted) return inserted.error();
    const std::int64_t id = inserted.value();
    TL_TRY(record_history(db, id, std::nullopt, VolumeState::Append, reason, now));
    // The home slot: where the changer says the cartridge came from.
    if (auto inv = lib.changer().inventory(); inv) {
        for (const auto& d : inv->drives)
            if (d.full && d.barcode == barcode && d.source_slot)
                TL_TRY(set_location(db, id, Location::Library, lib.name(), *d.source_slot, "", 0));
    }
    return id;
}

// Writes the filemark a labeling killed between the label block and its filemark left out, so
// the volume the catalog records has tape file 1 to append at (docs/media.md, "Adopting").
Status complete_label(device::TapeDrive& drive, const std::string& barcode) {
    if (drive.is_open()) TL_TRY(drive.close());
    TL_TRY(drive.open(false));
    auto done = [&](Status st) {
        if (!st) (void)drive.close();
        return st;
    };
    if (auto st = drive.rewind(); !st) return done(st);
    if (auto st = drive.space_records(1); !st) return done(st);
    if (auto st = drive.write_filemarks(1); !st) return done(st);
    log::get("job")->warn("cartridge {}: its label had no filemark after it (the labeling was "
                          "killed in between); the filemark was written",
                          barcode);
    return {};
}

// Records an unrecorded cartridge of ours (its label read by read_own_label) in `pool`.
Result<LabelResult> adopt(catalog::Db& db, device::Library& lib, device::TapeDrive& drive,
                          const OwnLabel& own, const Pool& pool, bool keep_open, long long now) {
    const auto& label = own.label;
    if (!own.filemark) {
        TL_TRY(complete_label(drive, label.barcode));
        if (!keep_open) TL_TRY(drive.close());
    }
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto id = insert_volume(db, lib, label.barcode, label, pool.id, drive.capacity_bytes(),
                            "adopted: our label of pool " + label.pool +
                                " was on the cartridge but not in the catalog",
                            now);
    if (!id) return id.error();
    TL_TRY(tx->commit());
    if (keep_open) { // where write_label leaves it: at tape file 1, open for writing
        if (!drive.is_open()) TL_TRY(drive.open(false));
        TL_TRY(drive.rewind());
        TL_TRY(drive.space_filemarks(1));
    }
    log::get("job")->warn("adopted {} into pool {}: its label was on the cartridge, not in the "
                          "catalog (a labeling was interrupted)",
                          label.barcode, pool.name);
    LabelResult res;
    res.adopted = true;
    auto v = find_volume(db, id.value());
    if (!v) return v.error();
    res.volume = v.value();
    return res;
}
} // namespace

Result<std::optional<OwnLabel>> read_own_label(device::TapeDrive& drive,
                                               const std::string& barcode) {
    if (dynamic_cast<device::NullDrive*>(&drive)) return std::optional<OwnLabel>();
    const bool was_open = drive.is_open();
    if (!was_open) TL_TRY(drive.open(true));
    const auto buf = make_io_block(format::kMaxBlockSize); // not zeroed: 4 MiB of page faults
    auto done = [&](Result<std::optional<OwnLabel>> r) {
        if (!was_open) (void)drive.close();
        return r;
    };
    if (auto st = drive.rewind(); !st) return done(st.error());
    auto first = drive.read_block(buf.get(), format::kMaxBlockSize);
    if (!first) {
        if (first.error().kind == ErrorKind::NotFound) return done(std::optional<OwnLabel>());
        return done(first.error());
    }
    auto label = format::decode_label(buf.get(), first.value());
    if (!label || label->barcode != barcode) return done(std::optional<OwnLabel>());
    OwnLabel own{label.value(), false};
    if (auto st = drive.space_filemarks(1); !st) {
        own.empty = true; // no filemark after the label: nothing follows it
        own.filemark = false;
        return done(std::optional<OwnLabel>(own));
    }
    auto next = drive.read_block(buf.get(), format::kMaxBlockSize);
    own.empty = !next ? next.error().kind == ErrorKind::NotFound : next.value() == 0;
    return done(std::optional<OwnLabel>(own));
}

Result<format::VolumeLabel> write_label(device::TapeDrive& drive, const LabelRequest& req,
                                        long long label_time, bool keep_open) {
    if (!drive.is_open()) TL_TRY(drive.open(false));
    // A null drive keeps nothing: there is no blank check and no label to read back.
    const bool discards = dynamic_cast<device::NullDrive*>(&drive) != nullptr;
    auto fail = [&](Error e) -> Result<format::VolumeLabel> {
        (void)drive.close();
        return e;
    };
    const auto buf = make_io_block(format::kMaxBlockSize); // not zeroed: 4 MiB of page faults
    if (!discards) {
        if (auto st = drive.rewind(); !st) return fail(st.error());
        auto first = drive.read_block(buf.get(), format::kMaxBlockSize);
        if (first) {
            if (auto ok = check_overwrite(buf.get(), first.value(), req); !ok)
                return fail(ok.error());
        } else if (first.error().kind != ErrorKind::NotFound &&
                   !(first.error().kind == ErrorKind::Corrupt &&
                     req.overwrite == Overwrite::Anything)) {
            return fail(first.error()); // a read error: do not guess, unless told to overwrite
        }
    }
    if (auto st = drive.rewind(); !st) return fail(st.error());
    format::VolumeLabel label;
    label.volume_uuid = format::Uuid::random();
    label.barcode = req.barcode;
    label.pool = req.pool.name;
    label.media_type = "virtual";
    label.block_size = req.block_size;
    label.label_time = label_time;
    label.host = hostname();
    label.engine_version = req.engine_version;
    const auto bytes = format::encode_label(label);
    if (auto st = drive.write_block(bytes.data(), bytes.size()); !st) return fail(st.error());
    if (auto st = drive.write_filemarks(1); !st) return fail(st.error());
    if (!discards) {
        if (auto st = drive.rewind(); !st) return fail(st.error());
        auto back = drive.read_block(buf.get(), format::kMaxBlockSize);
        if (!back) return fail(back.error());
        auto decoded = format::decode_label(buf.get(), back.value());
        if (!decoded || !(decoded.value() == label))
            return fail(make_error(ErrorKind::Corrupt,
                                   "cartridge " + req.barcode +
                                       ": the label read back differs from the one written; "
                                       "the cartridge may be bad (volume mark disabled)"));
        if (auto st = drive.rewind(); !st) return fail(st.error());
        if (auto st = drive.space_filemarks(1); !st) return fail(st.error());
    }
    if (!keep_open) TL_TRY(drive.close());
    return label;
}

namespace {
// Refuses, before the tape is touched, a label the volume's state forbids: the known row, or
// nullopt for a cartridge the catalog does not know.
Result<std::optional<VolumeRecord>> known_for_label(catalog::Db& db, const LabelRequest& req) {
    auto known = lookup_volume(db, req.barcode);
    if (!known) return known.error();
    if (!known.value()) return known;
    const auto& k = *known.value();
    // A blank cartridge another request labeled since the caller chose it.
    if (req.overwrite == Overwrite::BlankOnly && k.state != VolumeState::Blank)
        return labeled_meanwhile(db, k);
    TransitionFacts f;
    f.has_data = k.has_data();
    f.force = req.overwrite == Overwrite::Anything;
    f.labeled = k.labeled != 0;
    auto next = next_state(k.state, VolumeEvent::Label, f);
    if (!next)
        return make_error(next.error().kind, "volume " + req.barcode + ": " + next.error().message);
    return known;
}

// What the cartridge's first tape file says before a label of ours goes on a cartridge the
// catalog does not know: nullopt to write the label, or our own empty label to adopt (an error
// for our label with backups, or of another pool).
Result<std::optional<OwnLabel>> own_label_to_adopt(device::TapeDrive& drive,
                                                   const LabelRequest& req) {
    auto own = read_own_label(drive, req.barcode);
    if (!own || !own.value()) return own;
    const auto& l = own.value()->label;
    if (!own.value()->empty)
        return make_error(ErrorKind::Foreign,
                          "cartridge " + req.barcode + " carries our label (pool " + l.pool +
                              ") and backups the catalog does not know; nothing was written. Add "
                              "them with 'tapeloom-cli scan " +
                              req.barcode + "'");
    if (l.pool != req.pool.name)
        return make_error(ErrorKind::Foreign,
                          "cartridge " + req.barcode + " carries our empty label of pool " +
                              l.pool +
                              " that the catalog does not know (a labeling was interrupted); "
                              "nothing was written. Adopt it into " +
                              l.pool + " with 'tapeloom-cli volume adopt " + req.barcode +
                              "', or label it into " + req.pool.name + " with --force");
    return own;
}

// The catalog side of `label`, written on the cartridge: a new volume row, or the known one
// relabeled with its old contents purged, in one transaction.
Result<LabelResult> record_label(catalog::Db& db, device::Library& lib, const LabelRequest& req,
                                 const std::optional<VolumeRecord>& known,
                                 const format::VolumeLabel& label, std::uint64_t capacity,
                                 long long now) {
    LabelResult res;
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    std::int64_t id = 0;
    if (known) {
        id = known->id;
        auto purged = purge_volume_contents(db, id);
        if (!purged) return purged.error();
        res.jobs_purged = purged.value();
        auto st =
            change_state(db, *known, VolumeEvent::Label,
                         req.reason + (res.jobs_purged ? "; " + std::to_string(res.jobs_purged) +
                                                             " job(s) purged from the catalog"
                                                       : std::string()),
                         now, req.overwrite == Overwrite::Anything);
        if (!st) return st.error();
        catalog::LabeledVolume row;
        std::copy(label.volume_uuid.bytes.begin(), label.volume_uuid.bytes.end(), row.uuid.begin());
        row.pool_id = req.pool.id;
        row.block_size = static_cast<std::int64_t>(req.block_size);
        row.capacity = static_cast<std::int64_t>(capacity);
        row.labeled = now;
        TL_TRY(catalog::relabel_volume(db, id, row));
    } else {
        auto ins =
            insert_volume(db, lib, req.barcode, label, req.pool.id, capacity, req.reason, now);
        if (!ins) return ins.error();
        id = ins.value();
    }
    TL_TRY(tx->commit());
    auto v = find_volume(db, id);
    if (!v) return v.error();
    res.volume = v.value();
    return res;
}
} // namespace

Result<LabelResult> label_volume(catalog::Db& db, device::Library& lib, std::size_t drive_index,
                                 const LabelRequest& req, Clock& clock, bool keep_open,
                                 std::unique_lock<std::mutex>* catalog_lock) {
    const long long now = to_unix_seconds(clock.wall());
    auto known = known_for_label(db, req);
    if (!known) return known.error();
    // The tape work without the caller's catalog lock; the catalog's part and every return
    // hold it again.
    struct TapeWindow {
        std::unique_lock<std::mutex>* lock;
        void close() {
            if (lock && !lock->owns_lock()) lock->lock();
        }
        ~TapeWindow() { close(); }
    } window{catalog_lock};
    if (catalog_lock) catalog_lock->unlock();
    TL_TRY(lib.mount(drive_index, req.barcode));
    auto& drive = lib.drive(drive_index);
    if (!known.value() && req.overwrite == Overwrite::BlankOnly) {
        auto own = own_label_to_adopt(drive, req);
        if (!own) return own.error();
        if (own.value()) {
            window.close();
            return adopt(db, lib, drive, *own.value(), req.pool, keep_open, now);
        }
    }
    auto label = write_label(drive, req, now, keep_open);
    if (!label) return label.error();
    window.close();
    auto res =
        record_label(db, lib, req, known.value(), label.value(), drive.capacity_bytes(), now);
    if (res)
        log::get("job")->info("labeled {} for pool {} in {}", req.barcode, req.pool.name,
                              drive.name());
    return res;
}

} // namespace tl::media

namespace tl::media {

Result<LabelResult> adopt_volume(catalog::Db& db, device::Library& lib, std::size_t drive_index,
                                 const std::string& barcode, Clock& clock) {
    auto known = lookup_volume(db, barcode);
    if (!known) return known.error();
    if (known.value())
        return make_error(ErrorKind::AlreadyExists,
                          "volume " + barcode + " is in the catalog already (pool " +
                              known.value()->pool + ", " + to_string(known.value()->state) +
                              "); nothing to adopt");
    TL_TRY(lib.mount(drive_index, barcode));
    auto& drive = lib.drive(drive_index);
    auto own = read_own_label(drive, barcode);
    if (!own) return own.error();
    if (!own.value())
        return make_error(ErrorKind::Foreign,
                          "cartridge " + barcode +
                              " carries no Tapeloom label with its barcode (blank, damaged or "
                              "another program's); nothing was changed. Label it instead");
    if (!own.value()->empty)
        return make_error(ErrorKind::InvalidArgument,
                          "cartridge " + barcode +
                              " holds backups the catalog does not know; adopting it would let "
                              "them be overwritten. Add it with its jobs: tapeloom-cli scan " +
                              barcode);
    const std::string& pool_name = own.value()->label.pool;
    auto pool = find_pool(db, pool_name);
    if (!pool && pool.error().kind == ErrorKind::NotFound)
        pool = add_pool(db, pool_name, {}, to_unix_seconds(clock.wall()));
    if (!pool) return pool.error();
    return adopt(db, lib, drive, *own.value(), pool.value(), false, to_unix_seconds(clock.wall()));
}

} // namespace tl::media
