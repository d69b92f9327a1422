#pragma once
// Writes the backup's catalog batches on its own thread and SQLite connection, in large
// transactions, so the drives never wait for the database. Batches commit in submission order;
// a failed commit is kept and reported by finish(). Thread-safe submit().
// File entries go straight into `entries` (schema.cpp: names and attribute tuples stored once,
// looked up through in-memory caches), each batch sorted by its key so the B-tree fills in order.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "catalog/db.h"
#include "job/catalog_records.h"

namespace tl::job {

class CatalogWriter {
public:
    static Result<std::unique_ptr<CatalogWriter>> open(const std::string& db_path);
    ~CatalogWriter();

    void submit(CatalogBatch batch);
    // Waits until everything submitted is committed; the first error, if any.
    Status finish();
    std::uint64_t files_committed() const { return files_committed_; }

    // Inserts directly on the caller's thread (used by scan/tests). Not concurrent with submit.
    Status commit(CatalogBatch& batch);

private:
    explicit CatalogWriter(catalog::Db db);
    void run();
    Status insert(CatalogBatch& batch); // one transaction; commit() adds the cache reset
    Result<std::int64_t> dir_id(const std::string& path);
    Result<std::int64_t> name_id(const std::string& name);
    Result<std::int64_t> attr_id(int kind, std::uint32_t mode, std::uint32_t uid,
                                 std::uint32_t gid);
    // Id of `key` in a (value UNIQUE) lookup table: inserted when new.
    Result<std::int64_t> lookup_id(const char* insert_sql, const char* select_sql,
                                   const std::string& key);

    catalog::Db db_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<CatalogBatch> queue_;
    bool stopping_ = false;
    bool busy_ = false;
    Status error_;
    std::uint64_t files_committed_ = 0;
    // Caches of the ids of dirs, names and attrs, cleared when large (a catalog may hold
    // millions of distinct names; the unique indexes answer a miss).
    std::unordered_map<std::string, std::int64_t> dirs_, names_, attrs_;
    std::thread thread_;
};

} // namespace tl::job
