#include "job/backup_level.h"

#include <algorithm>

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
    auto q = db.prepare("SELECT base_id FROM savesets WHERE id=?");
    if (!q) return q.error();
    std::vector<std::int64_t> chain;
    std::int64_t id = saveset_id;
    while (id != 0) {
        if (chain.size() > 100000 || std::find(chain.begin(), chain.end(), id) != chain.end())
            return make_error(ErrorKind::Corrupt, "save set " + std::to_string(saveset_id) +
                                                      ": its chain of bases loops");
        q->reset();
        q->bind(1, id);
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(id) + ", the base of save set " +
                                  std::to_string(chain.empty() ? saveset_id : chain.back()) +
                                  ", is no longer in the catalog");
        chain.push_back(id);
        id = q->is_null(0) ? 0 : q->i64(0);
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

Result<std::optional<LevelBase>> find_level_base(catalog::Db& db, const std::string& source,
                                                 const std::string& job_name, BackupLevel level) {
    if (level == BackupLevel::Full) return std::optional<LevelBase>{};
    std::string sql = "SELECT s.id, s.job_id FROM savesets s JOIN jobs j ON j.id=s.job_id "
                      "WHERE j.kind='backup' AND s.source=? AND j.name=? "
                      "AND j.status IN ('completed','warnings','partial') "
                      "AND s.status IN ('completed','warnings')";
    if (level == BackupLevel::Differential) sql += " AND j.level='full'";
    sql += " ORDER BY j.started DESC, j.id DESC, s.id DESC LIMIT 1";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, source).bind(2, job_name);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<LevelBase>{};
    LevelBase b;
    b.saveset_id = q->i64(0);
    b.job_id = q->i64(1);
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
        if (s.kind != source::SourceKind::FileTree || plan.bases.count(s.text)) continue;
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
                            {"source", c.source},
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
        out += "  " + s.value("source", std::string()) + ": ";
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
