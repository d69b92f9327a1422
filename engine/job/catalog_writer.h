#pragma once
// Writes the backup's catalog batches on its own thread and SQLite connection, in large
// transactions, so the drives never wait for the database. Batches commit in submission order;
// a failed commit is kept and reported by finish(). Thread-safe submit().
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
    Result<std::int64_t> dir_id(const std::string& path);

    catalog::Db db_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<CatalogBatch> queue_;
    bool stopping_ = false;
    bool busy_ = false;
    Status error_;
    std::uint64_t files_committed_ = 0;
    std::unordered_map<std::string, std::int64_t> dirs_;
    std::thread thread_;
};

} // namespace tl::job
