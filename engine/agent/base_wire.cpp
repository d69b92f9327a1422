#include "agent/base_wire.h"

#include "agent/wire.h"

namespace tl::agent {

namespace {
nlohmann::json entry_json(const std::string& path, const job::PriorEntry& e) {
    return nlohmann::json::array({path, e.kind, e.mode, e.uid, e.gid, e.size, e.mtime_ns,
                                  e.ctime_ns, e.inode, e.has_hash ? hash_hex(e.hash) : "",
                                  e.flags});
}
} // namespace

std::vector<std::string> base_frames(const job::BaseView& view, std::size_t per_frame) {
    std::vector<std::string> out;
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& [path, e] : view.entries()) {
        entries.push_back(entry_json(path, e));
        if (entries.size() >= per_frame) {
            out.push_back(nlohmann::json{{"entries", entries}}.dump(
                -1, ' ', false, nlohmann::json::error_handler_t::replace));
            entries = nlohmann::json::array();
        }
    }
    if (!entries.empty() || out.empty())
        out.push_back(nlohmann::json{{"entries", entries}}.dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace));
    return out;
}

Status add_base_frame(const nlohmann::json& frame, job::BaseView& view) {
    try {
        for (const auto& j : frame.at("entries")) {
            job::PriorEntry e;
            e.kind = j.at(1).get<int>();
            e.mode = j.at(2).get<std::uint32_t>();
            e.uid = j.at(3).get<std::uint32_t>();
            e.gid = j.at(4).get<std::uint32_t>();
            e.size = j.at(5).get<std::uint64_t>();
            e.mtime_ns = j.at(6).get<std::int64_t>();
            e.ctime_ns = j.at(7).get<std::int64_t>();
            e.inode = j.at(8).get<std::uint64_t>();
            const auto h = j.at(9).get<std::string>();
            e.has_hash = !h.empty();
            if (e.has_hash) e.hash = hash_from_hex(h);
            e.flags = j.at(10).get<std::uint32_t>();
            view.add(j.at(0).get<std::string>(), e);
        }
    } catch (const nlohmann::json::exception&) {
        return make_error(ErrorKind::Corrupt, "the service sent a damaged base frame");
    }
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
