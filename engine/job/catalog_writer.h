#pragma once
// Writes the backup's catalog batches on its own thread and SQLite connection, in large
// transactions, so the drives never wait for the database. Batches commit in submission order;
// a failed commit is kept and reported by finish(), and failed() says so at once (the backup
// stops rather than write tape it cannot catalog). Thread-safe submit().
// The rows themselves are written by catalog::EntryWriter (catalog/entry_writer.h).
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "catalog/entry_writer.h"
#include "job/catalog_records.h"

namespace tl::job {

class CatalogWriter {
public:
    static Result<std::unique_ptr<CatalogWriter>> open(const std::string& db_path);
    ~CatalogWriter();

    void submit(CatalogBatch batch);
    // Waits until everything submitted is committed; the first error, if any. More batches
    // may follow (a clone finishes each session it copies).
    Status finish();
    // finish() for the last time: no batch may follow. The thread then frees its caches and
    // ends while the caller goes on (a backup ends its save sets meanwhile).
    Status close();
    std::uint64_t files_committed() const { return files_committed_; }
    // Whether a commit failed (the catalog is gone or refused a batch); finish() says how.
    bool failed() const { return failed_.load(); }

    // Inserts directly on the caller's thread (used by scan/tests). Not concurrent with submit.
    Status commit(CatalogBatch& batch);

private:
    explicit CatalogWriter(catalog::EntryWriter entries);
    void run();

    catalog::EntryWriter entries_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<CatalogBatch> queue_;
    bool stopping_ = false;
    bool busy_ = false;
    Status error_;
    std::atomic<bool> failed_{false};
    std::uint64_t files_committed_ = 0;
    std::thread thread_;
};

} // namespace tl::job
