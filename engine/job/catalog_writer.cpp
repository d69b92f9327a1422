#include "job/catalog_writer.h"

#include "common/log.h"
#include "common/thread_name.h"

namespace tl::job {

Result<std::unique_ptr<CatalogWriter>> CatalogWriter::open(const std::string& db_path) {
    auto entries = catalog::EntryWriter::open(db_path);
    if (!entries) return entries.error();
    auto w = std::unique_ptr<CatalogWriter>(new CatalogWriter(std::move(entries.value())));
    w->thread_ = std::thread([p = w.get()] {
        name_this_thread("tl-catalog");
        p->run();
    });
    return w;
}

CatalogWriter::CatalogWriter(catalog::EntryWriter entries) : entries_(std::move(entries)) {}

CatalogWriter::~CatalogWriter() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void CatalogWriter::submit(CatalogBatch batch) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(batch));
    }
    cv_.notify_all();
}

Status CatalogWriter::finish() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
    return error_;
}

Status CatalogWriter::close() {
    Status st = finish();
    {
        std::lock_guard lock(mutex_);
        stopping_ = true; // the thread frees its caches while the caller ends the save sets
    }
    cv_.notify_all();
    return st;
}

void CatalogWriter::run() {
    for (;;) {
        CatalogBatch batch;
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) break;
            batch = std::move(queue_.front());
            queue_.pop_front();
            busy_ = true;
        }
        Status st = error_.ok() ? commit(batch) : Status{};
        {
            std::lock_guard lock(mutex_);
            if (!st.ok() && error_.ok()) {
                error_ = st;
                failed_ = true;
                log::get("catalog")->error("{}", st.error().message);
            }
            busy_ = false;
        }
        cv_.notify_all();
    }
    entries_.release_caches();
}

Status CatalogWriter::commit(CatalogBatch& b) {
    TL_TRY(entries_.write(b));
    files_committed_ += b.files.size();
    return {};
}

} // namespace tl::job
