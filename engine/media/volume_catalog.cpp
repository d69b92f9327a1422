#include "media/volume_catalog.h"

#include "catalog/savepoint.h"
#include "catalog/volume_store.h"
#include "common/log.h"

namespace tl::media {

namespace {
Location parse_location(const std::string& s) {
    if (s == "mail") return Location::Mail;
    if (s == "outside") return Location::Outside;
    return Location::Library;
}

VolumeRecord record_of(const catalog::VolumeRow& r) {
    VolumeRecord v;
    v.id = r.id;
    v.barcode = r.barcode;
    v.pool = r.pool;
    v.pool_id = r.pool_id;
    v.state = parse_volume_state(r.state).value_or(VolumeState::Error);
    v.bytes = r.bytes;
    v.capacity = r.capacity;
    v.jobs = r.jobs;
    v.next_file = r.next_file;
    v.block_size = r.block_size;
    v.labeled = r.labeled;
    v.first_written = r.first_written;
    v.last_written = r.last_written;
    v.location = parse_location(r.location);
    v.library = r.library;
    v.slot = r.slot;
    v.site = r.site;
    v.left_at = r.left_at;
    v.encryption_keys = r.encryption_keys;
    return v;
}
} // namespace

const char* to_string(Location l) {
    switch (l) {
    case Location::Library:
        return "library";
    case Location::Mail:
        return "mail";
    case Location::Outside:
        return "outside";
    }
    return "?";
}

Result<std::optional<VolumeRecord>> lookup_volume(catalog::Db& db, const std::string& barcode) {
    auto r = catalog::find_volume_row(db, barcode);
    if (!r) return r.error();
    if (!r.value()) return std::optional<VolumeRecord>();
    return std::optional<VolumeRecord>(record_of(*r.value()));
}

Result<VolumeRecord> find_volume(catalog::Db& db, const std::string& barcode) {
    auto v = lookup_volume(db, barcode);
    if (!v) return v.error();
    if (!v.value())
        return make_error(ErrorKind::NotFound,
                          "volume " + barcode +
                              " is not in the catalog; see tapeloom-cli volume list, or label "
                              "it with volume label --barcode " +
                              barcode + " --pool POOL");
    return *v.value();
}

Result<VolumeRecord> find_volume(catalog::Db& db, std::int64_t id) {
    auto r = catalog::find_volume_row(db, id);
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound,
                          "volume #" + std::to_string(id) + " is not in the catalog");
    return record_of(*r.value());
}

Result<std::vector<VolumeRecord>> list_volumes(catalog::Db& db, const VolumeFilter& f) {
    auto rows = catalog::list_volume_rows(db, {f.pool, f.state, f.library});
    if (!rows) return rows.error();
    std::vector<VolumeRecord> out;
    out.reserve(rows->size());
    for (const auto& r : rows.value())
        out.push_back(record_of(r));
    return out;
}

Result<std::vector<HistoryEntry>> volume_history(catalog::Db& db, std::int64_t volume_id) {
    auto rows = catalog::volume_history_rows(db, volume_id);
    if (!rows) return rows.error();
    std::vector<HistoryEntry> out;
    for (const auto& r : rows.value())
        out.push_back({r.time, r.from, r.to, r.reason});
    return out;
}

Status record_history(catalog::Db& db, std::int64_t volume_id, std::optional<VolumeState> from,
                      VolumeState to, const std::string& reason, long long now) {
    std::optional<std::string> from_text;
    if (from) from_text = to_string(*from);
    return catalog::insert_volume_history(db, volume_id, from_text, to_string(to), reason, now);
}

namespace {
// The state `v` had before it was marked read-only or disabled (through both, in turn), from its
// history; nullopt when the history does not say.
Result<std::optional<VolumeState>> state_before_mark(catalog::Db& db, const VolumeRecord& v) {
    auto rows = catalog::volume_history_rows(db, v.id);
    if (!rows) return rows.error();
    std::string state = to_string(v.state);
    for (auto it = rows->rbegin(); it != rows->rend(); ++it) {
        if (it->to != state || it->from == state) continue;
        const auto from = parse_volume_state(it->from);
        if (!from || (*from != VolumeState::ReadOnly && *from != VolumeState::Disabled))
            return from;
        state = it->from; // marked twice: look for what it was before the first mark
    }
    return std::optional<VolumeState>();
}
} // namespace

Result<VolumeState> change_state(catalog::Db& db, const VolumeRecord& v, VolumeEvent event,
                                 const std::string& reason, long long now, bool force) {
    TransitionFacts facts;
    facts.has_data = v.has_data();
    facts.force = force;
    facts.labeled = v.labeled != 0;
    if (event == VolumeEvent::Enable) {
        auto before = state_before_mark(db, v);
        if (!before) return before.error();
        facts.before_mark = before.value();
    }
    auto next = next_state(v.state, event, facts);
    if (!next)
        return make_error(next.error().kind, "volume " + v.barcode + ": " + next.error().message);
    catalog::Savepoint sp(db);
    TL_TRY(catalog::set_volume_state(db, v.id, to_string(next.value())));
    TL_TRY(record_history(db, v.id, v.state, next.value(), reason, now));
    TL_TRY(sp.release());
    log::get("catalog")->info("volume {}: {} -> {} ({})", v.barcode, to_string(v.state),
                              to_string(next.value()), reason);
    return next.value();
}

Result<std::vector<std::int64_t>> jobs_on_volume(catalog::Db& db, std::int64_t volume_id) {
    return catalog::jobs_with_data_on(db, volume_id);
}

Result<std::int64_t> purge_volume_contents(catalog::Db& db, std::int64_t volume_id) {
    auto jobs = jobs_on_volume(db, volume_id);
    if (!jobs) return jobs.error();
    TL_TRY(catalog::delete_volume_contents(db, volume_id, jobs.value()));
    return static_cast<std::int64_t>(jobs->size());
}

Status set_location(catalog::Db& db, std::int64_t volume_id, Location where,
                    const std::string& library, int slot, const std::string& site,
                    long long left_at) {
    return catalog::set_volume_place(db, volume_id,
                                     {to_string(where), library, slot, site, left_at});
}

} // namespace tl::media
