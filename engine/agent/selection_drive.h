#pragma once
// The tape side of a restore or verify with a client: the library that holds a selection's
// volumes, then one drive and those volumes reserved for the opened job, with a catalog
// connection of the job's own for its reader.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "common/result.h"
#include "context/engine.h"
#include "device/library.h"
#include "job/job_context.h"
#include "job/restore_selection.h"

namespace tl::agent {

struct SelectionLibrary {
    std::unique_ptr<device::Library> library;
    std::vector<std::string> volumes;
};

// The keys of the selection's encrypted save sets are in <home>/keys: KeyMissing naming the
// key id and how to import it otherwise, checked before an agent is contacted or a tape moves.
Status require_selection_keys(Engine& engine, const job::Selection& sel);

// The library LIBRARY (the default when empty) holding every volume the selection reads.
Result<SelectionLibrary> open_selection_library(Engine& engine, const job::Selection& sel,
                                                const std::string& library);

struct SelectionDrive {
    std::size_t drive = 0;
    catalog::Db conn;
};

// One drive and the selection's volumes reserved for CTX (a refusal is recorded on the job).
Result<SelectionDrive> reserve_selection_drive(Engine& engine, job::JobContext& ctx,
                                               SelectionLibrary& lib);

} // namespace tl::agent
