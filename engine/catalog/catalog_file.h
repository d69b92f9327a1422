#pragma once
// The catalog as a file and as something backed up (docs/media.md "Catalog backup"): the save
// sets that hold catalog backups, a read-only look into a catalog file that may be damaged or
// foreign, and folding the WAL into the file before it is installed. Used by
// job/catalog_recovery.h. Functions use the caller's connection and its thread.
#include <string>
#include <vector>

#include "catalog/db.h"

struct sqlite3;

namespace tl::catalog {

// A catalog backup: a save set of kind sqlite whose source is a catalog.db, or of kind cmd
// whose source is pg_dump's archive of a PostgreSQL catalog (catalog/pg_tools.h).
struct CatalogSaveset {
    std::int64_t saveset_id = 0;
    std::string source;
    long long started = 0;    // its job's start
    std::string session_uuid; // 16 bytes
};
// Newest first.
Result<std::vector<CatalogSaveset>> catalog_savesets(Db& db);

// Writes the WAL back into the file and truncates it (the file alone is then complete).
Status checkpoint_truncate(Db& db);

// Opens a file read-only with no checks at all, to ask it what it is. Each reading returns
// true with the first column of its first row in `text`, or false with SQLite's message.
class CatalogFileProbe {
public:
    explicit CatalogFileProbe(const std::string& path);
    CatalogFileProbe(const CatalogFileProbe&) = delete;
    CatalogFileProbe& operator=(const CatalogFileProbe&) = delete;
    ~CatalogFileProbe();
    // "" when it opened; else why not.
    const std::string& open_error() const { return open_error_; }

    bool integrity_check(std::string& text) { return one("PRAGMA integrity_check", text); }
    bool application_id(std::string& text) { return one("PRAGMA application_id", text); }
    bool user_version(std::string& text) { return one("PRAGMA user_version", text); }
    bool job_count(std::string& text) { return one("SELECT count(*) FROM jobs", text); }

private:
    bool one(const char* sql, std::string& text);
    sqlite3* db_ = nullptr;
    std::string open_error_;
};

} // namespace tl::catalog
