#pragma once
// The write side of the entries store: one backup's catalog batches into `entries`, `deletions`,
// `extents` and `tape_files` (and the volume's end), each batch in one transaction. Directory
// paths, names and attribute tuples are stored once (schema.cpp) and looked up through in-memory
// caches; each batch is sorted by the entries key so the B-tree fills in order. Every statement
// is prepared once per writer. One thread at a time (its own connection).
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "catalog/db.h"
#include "catalog/entry_records.h"
#include "catalog/name_id_cache.h"

namespace tl::catalog {

class EntryWriter {
public:
    // SQLite: new names go into the name search's index in the batch that brings them to this
    // many (catalog/name_search_tail.h), so a large backup's end indexes only the last of them:
    // the index grows on the writer's thread while the data still flows, not after the last
    // block (issue 17).
    static constexpr std::size_t kIndexNamesEvery = 32768;

    // Opens its own connection to the catalog at `db_path` (which must exist).
    static Result<EntryWriter> open(const std::string& db_path);
    EntryWriter(EntryWriter&&) noexcept = default;
    EntryWriter& operator=(EntryWriter&&) noexcept = default;

    // Stores the batch in one transaction. On failure nothing of it is stored and the caches
    // start again (the ids the transaction created are gone).
    Status write(CatalogBatch& batch);
    // Frees the id caches (a 200,000-name backup's take tens of milliseconds to free): called by
    // the writer's own thread once its last batch is stored.
    void release_caches();

private:
    struct Statements {
        Stmt dir_ins, dir_sel, name_ins, name_sel, attr_ins, attr_sel;
        Stmt entry, entries, deletion, extent, tape_file, volume_end; // entries: many rows
        // SQLite: a batch's new names staged in a temporary table and added in one statement.
        Stmt stage_name, stage_names, names_from_stage, staged_ids, stage_clear;
        // The name keys (entry_names.h): the pending mark on both back ends, the rest SQLite's.
        Stmt saveset_status, names_pending, entry_name;
    };
    // A batch's entry with its ids, sorted by the entries key before it is stored.
    struct EntryRow {
        std::int64_t saveset, dir, name, attr;
        const FileRecord* f;
    };
    EntryWriter(Db db, Statements s) : db_(std::move(db)), q_(std::move(s)) {}
    static Result<Statements> prepare(Db& db);
    Status insert(CatalogBatch& batch);
    Status insert_entries(const CatalogBatch& batch);
    Status copy_entries(const std::vector<EntryRow>& rows); // PostgreSQL
    Status insert_rows(const std::vector<EntryRow>& rows);  // SQLite
    // SQLite: the name keys of the rows' save sets, or the mark that they come at the end.
    Status insert_names(const std::vector<EntryRow>& rows);
    // Whether the save set's name keys wait for its end (it is still being written).
    Result<bool> defers_names(std::int64_t saveset);
    Status mark_names_pending(const std::vector<EntryRow>& rows);
    Status insert_deletions(const CatalogBatch& batch);
    Status insert_extents(const CatalogBatch& batch);
    Status insert_tape_file(const CatalogBatch& batch);
    // The name id of each of the batch's files, in the batch's order (`ids`).
    Status name_ids(const CatalogBatch& batch, std::vector<std::int64_t>& ids);
    // Names the cache lacked (`fresh`: their slots in names_), added to names: one by one
    // when few, else in bulk through a temporary table (one statement).
    Status add_names(const std::vector<std::size_t>& fresh);
    Result<std::int64_t> dir_id(const std::string& path);
    Result<std::int64_t> attr_id(int kind, std::uint32_t mode, std::uint32_t uid,
                                 std::uint32_t gid);

    Db db_; // first: destroyed after the statements
    Statements q_;
    // Caches of the ids of dirs, names and attrs, cleared when large (a catalog may hold
    // millions of distinct names; the unique indexes answer a miss).
    std::unordered_map<std::string, std::int64_t> dirs_, attrs_;
    NameIdCache names_;
    // SQLite: per save set met, whether its name keys wait for its end (defers_names).
    std::unordered_map<std::int64_t, bool> defers_;
    // PostgreSQL: a batch's entries go straight into `entries` with one COPY (a backup's save
    // set is new: none of its paths can be there). A batch that meets a row already there (a
    // path written again) fails whole and is written again the merging way (COPY into a
    // temporary table, INSERT ... ON CONFLICT DO UPDATE), as every later batch of this writer.
    bool merge_entries_ = false;
    // SQLite: names added since they were last put into the name search's index (insert).
    std::size_t unindexed_names_ = 0;
};

} // namespace tl::catalog
