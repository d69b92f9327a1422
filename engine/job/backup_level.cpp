#include "job/backup_level.h"

#include <algorithm>

#include "catalog/saveset_store.h"
#include "common/path_json.h"

namespace tl::job {

Result<BackupLevel> parse_backup_level(std::string_view t) {
    if (t == "full") return BackupLevel::Full;
    if (t == "diff" || t == "differential") return BackupLevel::Differential;
    if (t == "incr" || t == "incremental") return BackupLevel::Incremental;
    return make_error(ErrorKind::InvalidArgument,
                      "--level '" + std::string(t) + "': use full, diff or incr");
}

const char* to_string(BackupLevel level) {
    switch (level) {
    case BackupLevel::Full:
        return "full";
    case BackupLevel::Differential:
        return "diff";
    case BackupLevel::Incremental:
        return "incr";
    }
    return "full";
}

Result<std::vector<std::int64_t>> saveset_chain(catalog::Db& db, std::int64_t saveset_id) {
    return catalog::base_chain(db, saveset_id);
}

Result<std::optional<LevelBase>> find_level_base(catalog::Db& db, const std::string& source,
                                                 const std::string& job_name, BackupLevel level) {
    if (level == BackupLevel::Full) return std::optional<LevelBase>{};
    auto found =
        catalog::newest_usable_saveset(db, source, job_name, level == BackupLevel::Differential);
    if (!found) return found.error();
    if (!found.value()) return std::optional<LevelBase>{};
    LevelBase b;
    b.saveset_id = found.value()->saveset_id;
    b.job_id = found.value()->job_id;
    auto chain = saveset_chain(db, b.saveset_id);
    if (!chain) {
        if (chain.error().kind == ErrorKind::NotFound) return std::optional<LevelBase>{};
        return chain.error();
    }
    b.chain = std::move(chain.value());
    return std::optional<LevelBase>{std::move(b)};
}

Result<LevelPlan> plan_levels(catalog::Db& db, const std::vector<source::SourceSpec>& sources,
                              const std::string& job_name, const std::string& level) {
    auto requested = parse_backup_level(level);
    if (!requested) return requested.error();
    LevelPlan plan;
    plan.requested = plan.level = requested.value();
    if (plan.level == BackupLevel::Full) return plan;
    std::string missing;
    for (const auto& s : sources) {
        const bool tree =
            s.kind == source::SourceKind::FileTree || s.kind == source::SourceKind::Client;
        if (!tree || plan.bases.count(s.text)) continue;
        auto base = find_level_base(db, s.text, job_name, plan.level);
        if (!base) return base.error();
        if (base.value())
            plan.bases.emplace(s.text, std::move(*base.value()));
        else
            missing += (missing.empty() ? "" : ", ") + s.text;
    }
    if (!missing.empty()) {
        plan.promotion = std::string("level ") + to_string(plan.requested) +
                         " promoted to full: no usable full backup of " + missing +
                         (job_name.empty() ? std::string(" (jobs without a name)")
                                           : " for job name '" + job_name + "'");
        plan.level = BackupLevel::Full;
        plan.bases.clear();
    }
    return plan;
}

void add_level_fields(nlohmann::json& report, const LevelPlan& plan,
                      const std::vector<LevelCounts>& counts) {
    report["level"] = to_string(plan.level);
    report["requested_level"] = to_string(plan.requested);
    if (!plan.promotion.empty()) report["level_promotion"] = plan.promotion;
    auto arr = nlohmann::json::array();
    for (const auto& c : counts) {
        nlohmann::json s = {{"saveset_id", c.saveset_id},
                            {"source", path_json(c.source)},
                            {"unchanged", c.unchanged},
                            {"same_content", c.same_content},
                            {"deleted", c.deleted}};
        if (c.base_saveset_id) s["base_saveset_id"] = c.base_saveset_id;
        arr.push_back(std::move(s));
    }
    report["level_sources"] = std::move(arr);
}

std::string format_level_fields(const nlohmann::json& r) {
    if (!r.is_object() || !r.contains("level")) return {};
    const auto level = r.value("level", std::string("full"));
    const auto requested = r.value("requested_level", level);
    std::string out = "  level          : " + level;
    if (requested != level) out += " (promoted from " + requested + ")";
    out += "\n";
    if (level == "full" || !r.contains("level_sources")) return out;
    for (const auto& s : r["level_sources"]) {
        auto source = s.contains("source") ? path_from_json(s["source"]) : std::string();
        out += "  " + (source ? source.value() : std::string()) + ": ";
        if (s.contains("base_saveset_id"))
            out += "base save set " + std::to_string(s.value("base_saveset_id", 0ll)) + ", ";
        out += std::to_string(s.value("unchanged", 0ull)) + " unchanged";
        if (s.value("same_content", 0ull))
            out += ", " + std::to_string(s.value("same_content", 0ull)) + " same content";
        out += ", " + std::to_string(s.value("deleted", 0ull)) + " deleted\n";
    }
    return out;
}

} // namespace tl::job
