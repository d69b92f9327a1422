#include "api/schedule_ops.h"

#include "context/engine_catalog.h"

namespace tl::schedule {

DefinitionStore definition_store(const CatalogHandle& handle) {
    return DefinitionStore(catalog_db(handle));
}
QueueStore queue_store(const CatalogHandle& handle) {
    return QueueStore(catalog_db(handle));
}

Result<std::int64_t> define_job(const CatalogHandle& handle, const JobDefinition& d,
                                const std::vector<std::string>& rules, long long now) {
    auto& db = catalog_db(handle);
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    DefinitionStore store(db);
    auto id = store.add(d, now);
    if (!id) return id.error();
    for (const auto& rule : rules)
        if (auto s = store.add_schedule(d.name, rule, now); !s) return s.error();
    if (auto st = tx->commit(); !st) return st.error();
    return id.value();
}

Result<std::size_t> library_drive_count(const CatalogHandle& handle, const std::string& library) {
    return library_drive_count(catalog_db(handle), library);
}

} // namespace tl::schedule
