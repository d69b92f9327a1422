#include "agent/base_wire.h"

#include <algorithm>

#include "agent/wire_codec.h"

namespace tl::agent {

namespace {

enum BaseEntryBits : std::uint8_t { kBaseHasHash = 1 };

void put_base_entry(WireWriter& w, const std::string& path, const job::PriorEntry& e) {
    w.u8(e.has_hash ? kBaseHasHash : 0);
    w.bytes(path);
    w.zigzag(e.kind);
    w.varint(e.mode);
    w.varint(e.uid);
    w.varint(e.gid);
    w.varint(e.size);
    w.zigzag(e.mtime_ns);
    w.zigzag(e.ctime_ns);
    w.varint(e.inode);
    w.varint(e.flags);
    if (e.has_hash) w.raw(e.hash.data(), e.hash.size());
}

// One entry; "" when it was read, else why not.
std::string take_base_entry(WireReader& in, job::BaseView& view) {
    std::uint8_t bits = 0;
    if (in.u8(bits, "bits") && (bits & ~kBaseHasHash))
        return "unknown bits " + std::to_string(bits);
    std::string path;
    job::PriorEntry e;
    e.has_hash = bits & kBaseHasHash;
    in.bytes(path, "path");
    in.integer(e.kind, "kind");
    in.u32(e.mode, "mode");
    in.u32(e.uid, "uid");
    in.u32(e.gid, "gid");
    in.varint(e.size, "size");
    in.zigzag(e.mtime_ns, "mtime_ns");
    in.zigzag(e.ctime_ns, "ctime_ns");
    in.varint(e.inode, "inode");
    in.u32(e.flags, "flags");
    if (e.has_hash) in.raw(e.hash.data(), e.hash.size(), "hash");
    if (!in.ok()) return in.what();
    view.add(path, e);
    return "";
}

Error damaged_base(const std::string& what) {
    return make_error(ErrorKind::Corrupt, "the service sent a damaged base frame: " + what);
}

} // namespace

std::vector<std::vector<std::uint8_t>> base_frames(const job::BaseView& view,
                                                   std::size_t per_frame) {
    per_frame = std::max<std::size_t>(per_frame, 1);
    std::vector<std::vector<std::uint8_t>> out;
    std::vector<const std::pair<const std::string, job::PriorEntry>*> entries;
    entries.reserve(view.size());
    for (const auto& entry : view.entries())
        entries.push_back(&entry);
    for (std::size_t at = 0; at < entries.size() || out.empty(); at += per_frame) {
        const std::size_t n = std::min(per_frame, entries.size() - at);
        auto& frame = out.emplace_back();
        frame.reserve(16 + 64 * n);
        WireWriter w(frame);
        w.varint(n);
        for (std::size_t i = at; i < at + n; ++i)
            put_base_entry(w, entries[i]->first, entries[i]->second);
    }
    return out;
}

Status add_base_frame(const std::uint8_t* p, std::size_t n, job::BaseView& view) {
    WireReader in(p, n);
    std::uint64_t count = 0;
    if (!in.varint(count, "entry count")) return damaged_base(in.what());
    if (count > in.left()) return damaged_base("more entries than bytes");
    for (std::uint64_t i = 0; i < count; ++i)
        if (auto why = take_base_entry(in, view); !why.empty())
            return damaged_base("entry " + std::to_string(i + 1) + " of " + std::to_string(count) +
                                ": " + why);
    if (in.left() != 0)
        return damaged_base(std::to_string(in.left()) + " byte(s) after the last entry");
    return {};
}

nlohmann::json deletions_json(const std::vector<job::DeletionRecord>& gone) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& d : gone)
        out.push_back(nlohmann::json::array({d.dir, d.name, d.kind}));
    return out;
}

Result<std::vector<job::DeletionRecord>> deletions_from(const nlohmann::json& done,
                                                        std::int64_t saveset_id) {
    std::vector<job::DeletionRecord> out;
    try {
        for (const auto& j : done.value("deletions", nlohmann::json::array())) {
            job::DeletionRecord d;
            d.saveset_id = saveset_id;
            d.dir = j.at(0).get<std::string>();
            d.name = j.at(1).get<std::string>();
            d.kind = j.at(2).get<int>();
            out.push_back(std::move(d));
        }
    } catch (const nlohmann::json::exception&) {
        return make_error(ErrorKind::Corrupt, "the agent sent damaged deletions");
    }
    return out;
}

} // namespace tl::agent
