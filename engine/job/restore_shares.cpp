#include "job/restore_shares.h"

#include <algorithm>
#include <map>

#include "catalog/saveset_store.h"

namespace tl::job {

Result<std::vector<std::vector<const SelectedSaveset*>>> session_units(catalog::Db& db,
                                                                       const Selection& sel) {
    std::map<std::int64_t, std::vector<const SelectedSaveset*>> sessions;
    for (const auto& s : sel.savesets)
        sessions[s.reading_session()].push_back(&s);
    // Union-find over the sessions by the volumes their save sets' extents are on.
    std::map<std::int64_t, std::int64_t> parent;
    auto root = [&](std::int64_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    std::map<std::int64_t, std::int64_t> volume_session;
    for (const auto& [session, list] : sessions) {
        parent.emplace(session, session);
        for (const auto* s : list) {
            auto volumes = catalog::saveset_volume_ids(db, s->reading());
            if (!volumes) return volumes.error();
            for (const auto volume : volumes.value()) {
                auto [it, fresh] = volume_session.try_emplace(volume, session);
                if (!fresh) parent[root(session)] = root(it->second);
            }
        }
    }
    std::map<std::int64_t, std::vector<const SelectedSaveset*>> units;
    for (const auto& [session, list] : sessions)
        units[root(session)].insert(units[root(session)].end(), list.begin(), list.end());
    std::vector<std::vector<const SelectedSaveset*>> out;
    for (auto& [r, sets] : units)
        out.push_back(std::move(sets));
    return out;
}

namespace {
std::vector<PositionedRead> whole_reads(std::size_t set, std::int64_t session,
                                        const std::vector<ExtentRow>& extents) {
    std::vector<PositionedRead> out;
    for (const auto& e : extents) {
        PositionedRead r;
        r.set = set;
        r.session = session;
        r.from = e.offset;
        r.to = e.end_offset;
        r.barcode = e.barcode;
        r.position = e.start_pos + e.first_block;
        r.end_position = e.start_pos + e.last_block;
        out.push_back(r);
    }
    return out;
}

Status add_unit(catalog::Db& db, const std::vector<const SelectedSaveset*>& unit,
                DriveShare& share) {
    std::int64_t session = -1;
    for (const auto* s : unit) {
        if (s->reading_session() != session) share.sessions.emplace_back();
        session = s->reading_session();
        share.sessions.back().push_back(s);
        auto rows = catalog::saveset_extents(db, s->reading());
        if (!rows) return rows.error();
        std::vector<ExtentRow> extents;
        for (const auto& r : rows.value())
            extents.push_back({r.volume_seq, r.offset, r.end_offset, r.volume_id, r.barcode,
                               r.file_number, r.first_block, r.last_block, r.start_pos});
        const std::size_t set = share.sets.size();
        share.sets.push_back(s);
        auto reads = s->whole ? whole_reads(set, s->reading_session(), extents)
                              : positioned_reads(set, *s, extents);
        auto& to = s->whole ? share.whole : share.reads;
        to.insert(to.end(), reads.begin(), reads.end());
    }
    return {};
}
} // namespace

Result<std::vector<DriveShare>> share_reads(catalog::Db& db, const Selection& sel,
                                            std::size_t drives, ReadOrder order) {
    auto units = session_units(db, sel);
    if (!units) return units.error();
    const std::size_t n = std::max<std::size_t>(1, std::min(drives, units->size()));
    std::vector<DriveShare> shares(units->empty() ? 0 : n);
    for (std::size_t u = 0; u < units->size(); ++u)
        TL_TRY(add_unit(db, units.value()[u], shares[u % n]));
    for (auto& share : shares) {
        order_reads(share.reads, order);
        share.batches = batch_reads(share.reads, order);
    }
    return shares;
}

namespace {
// One drive reading `reads` in turn: per volume its passes, locates, blocks and time.
void estimate_drive(const std::vector<PositionedRead>& reads, const device::TapeTiming& t,
                    std::uint64_t block_size, ReadEstimate& out) {
    const double rate = t.type().native_rate * t.config().rate_scale;
    std::string mounted;
    std::uint64_t at = 0; // logical object the tape is at
    VolumeEstimate* v = nullptr;
    for (const auto& r : reads) {
        if (r.barcode != mounted) {
            if (v) v->seconds += t.locate_model_seconds(at * block_size, 0) + t.type().unload_s;
            v = nullptr;
            for (auto& e : out.volumes)
                if (e.barcode == r.barcode) v = &e;
            if (!v) {
                out.volumes.push_back({r.barcode});
                v = &out.volumes.back();
            }
            ++v->passes;
            v->seconds += t.type().load_s;
            mounted = r.barcode;
            at = 0;
        } else if (r.position + kBackStepSlack < at) {
            ++v->passes;
        }
        if (r.position != at) {
            ++v->locates;
            v->seconds += t.locate_model_seconds(at * block_size, r.position * block_size);
        }
        const std::uint64_t blocks = r.end_position - r.position + 1;
        v->blocks += blocks;
        v->seconds += static_cast<double>(blocks * block_size) / rate;
        at = r.end_position + 1;
    }
}
} // namespace

ReadEstimate estimate_reads(const std::vector<DriveShare>& shares, const device::TapeTiming& t,
                            std::uint64_t block_size) {
    ReadEstimate out;
    for (const auto& share : shares) {
        std::vector<PositionedRead> reads = share.whole;
        for (const auto& b : share.batches) {
            PositionedRead r;
            r.barcode = b.barcode;
            r.position = b.position;
            r.end_position = b.end_position;
            reads.push_back(r);
        }
        estimate_drive(reads, t, block_size, out);
    }
    for (const auto& v : out.volumes)
        out.seconds += v.seconds;
    return out;
}

} // namespace tl::job
