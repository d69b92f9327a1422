#pragma once
// Job definitions and their schedules as rows (tables job_definitions, schedules). A
// definition's spec is kept as JSON text; schedule/definition_store.h checks what is written and
// turns the text into a JobDefinition. Functions use the caller's connection and its thread.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct DefinitionRow {
    std::int64_t id = 0;
    std::string name;
    std::string spec; // JSON text
};

struct ScheduleRow {
    std::int64_t id = 0;
    std::string definition;      // its definition's name
    std::string rule;            // text, docs/schedules.md
    long long checked_until = 0; // unix seconds
    std::string name;            // may be empty
};

// By name.
Result<std::vector<DefinitionRow>> list_definition_rows(Db& db);
Result<bool> definition_exists(Db& db, const std::string& name);
// Returns the new id.
Result<std::int64_t> insert_definition(Db& db, const std::string& name, const std::string& spec,
                                       long long now);
// false when no definition has that name.
Result<bool> update_definition(Db& db, const std::string& name, const std::string& spec,
                               long long now);
// false when no definition has that name (its schedules go with it).
Result<bool> delete_definition(Db& db, const std::string& name);

// Of one definition, or of all with definition = ""; by id.
Result<std::vector<ScheduleRow>> list_schedule_rows(Db& db, const std::string& definition);
// A new schedule that has handled every occurrence up to `now`. Returns its id.
Result<std::int64_t> insert_schedule(Db& db, std::int64_t definition_id, const std::string& rule,
                                     long long now, const std::string& name);
// Renames and sets the rule; a changed rule is handled up to `now`. false for an unknown id.
Result<bool> update_schedule(Db& db, std::int64_t id, const std::string& name,
                             const std::string& rule, long long now);
// false for an unknown id.
Result<bool> delete_schedule(Db& db, std::int64_t id);
Status set_schedule_checked_until(Db& db, std::int64_t id, long long t);

} // namespace tl::catalog
