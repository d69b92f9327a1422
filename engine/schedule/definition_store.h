#pragma once
// Job definitions and schedules in the catalog (tables job_definitions, schedules). Every
// write checks what can be checked at definition time: the definition itself, its pool,
// library and drive count, that its file sources exist, and that a schedule parses and fires.
// Not thread-safe: use it on the thread that owns `db`.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "schedule/job_definition.h"

namespace tl::schedule {

struct StoredSchedule {
    std::int64_t id = 0;
    std::string definition;      // name
    std::string rule;            // text, docs/schedules.md
    long long checked_until = 0; // unix seconds: occurrences up to here were handled
    std::string name;            // what the administrator calls it; may be empty
};

// The drives of a library ("" = the first configured); NotFound names the library.
Result<std::size_t> library_drive_count(catalog::Db& db, const std::string& library);

// Pool, library and drive count exist; sources parse and their paths exist. The errors name
// the thing (NotFound / InvalidArgument) and say what to do.
Status check_references(catalog::Db& db, const JobDefinition& d);

class DefinitionStore {
public:
    explicit DefinitionStore(catalog::Db& db) : db_(db) {}

    // Adds a new definition (AlreadyExists when the name is taken). Returns its id.
    Result<std::int64_t> add(const JobDefinition& d, long long now);
    // Replaces the stored definition of the same name (NotFound when there is none).
    Status update(const JobDefinition& d, long long now);
    // Removes a definition and its schedules (NotFound when there is none).
    Status remove(const std::string& name);
    Result<JobDefinition> get(const std::string& name);
    Result<std::vector<JobDefinition>> list();

    // Adds a schedule to a definition; it fires for occurrences after `now`.
    Result<std::int64_t> add_schedule(const std::string& definition, const std::string& rule,
                                      long long now, const std::string& name = {});
    // Renames a schedule and replaces its rule (checked like add_schedule); a changed rule
    // fires for occurrences after `now`. NotFound names the id.
    Status edit_schedule(std::int64_t id, const std::string& name, const std::string& rule,
                         long long now);
    Status remove_schedule(std::int64_t id);
    Result<std::vector<StoredSchedule>> schedules(const std::string& definition = {});
    Status set_checked_until(std::int64_t id, long long t);

    // {"version": 1, "definitions": [{...definition..., "schedules": ["rule", ...]}]}
    Result<nlohmann::json> export_all();
    // Adds (or with `replace`, updates) every definition of an export, with its schedules, in
    // one transaction; nothing is changed when one of them is refused. Returns how many.
    Result<std::size_t> import_all(const nlohmann::json& doc, bool replace, long long now);

private:
    catalog::Db& db_;
};

} // namespace tl::schedule
