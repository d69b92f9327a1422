#pragma once
// The schedule operations app/ and ui/ use, on a CatalogHandle (an Engine, or a connection opened
// by path): each does what the function of the same name over a catalog::Db in the header named
// above it does (see there), on the handle's connection. Engine code uses those directly.
#include "context/catalog_handle.h"
#include "schedule/definition_store.h"
#include "schedule/queue_store.h"

namespace tl::schedule {

// schedule/definition_store.h
// The stores on the handle's connection; the handle must outlive them.
DefinitionStore definition_store(const CatalogHandle& handle);
QueueStore queue_store(const CatalogHandle& handle);
// Adds definition `d` and its schedules (`rules`, each checked as add_schedule does) in one
// transaction: all of them or, on the first refusal, none. Returns the definition's id.
Result<std::int64_t> define_job(const CatalogHandle& handle, const JobDefinition& d,
                                const std::vector<std::string>& rules, long long now);
Result<std::size_t> library_drive_count(const CatalogHandle& handle, const std::string& library);

} // namespace tl::schedule
