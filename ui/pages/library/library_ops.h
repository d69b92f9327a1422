#pragma once
// The engine work behind the Library page's actions, the same calls `tapeloom-cli library
// load|unload|transfer|import|export`, `library inventory --reconcile` and `volume mark
// offsite --location L` make (app/cli/commands/library.cpp, media/volume_actions.h). No Qt:
// these run on the worker thread of runEngineTask with the Engine's catalog, under the
// TaskBoard.
#include <optional>
#include <string>
#include <vector>

#include "api/media_ops.h"
#include "common/result.h"
#include "device/library.h"
#include "media/reconcile.h"
#include "media/volume_catalog.h"

namespace tl::ui {

enum class MoveKind { Load, Unload, Transfer, Export, Import };

// One robot move in mtx numbering: `slot`/`to_slot` are element numbers (storage 1..S, mail
// S+1..S+M), `drive` a drive index. Load: slot -> drive; Unload: drive -> to_slot (nullopt =
// its source slot); Transfer/Export/Import: slot -> to_slot.
struct LibraryMove {
    MoveKind kind = MoveKind::Transfer;
    int slot = 0;
    int drive = 0;
    std::optional<int> to_slot;
    std::string barcode; // the cartridge moved, for messages and the progress text
};

// Runs `m` on `lib` and records in the catalog the new home of every volume it moved
// (media::record_moves, as the CLI's moves do). The changer's own checks refuse an illegal
// move with a message naming the element; nothing moves then.
Status run_move(const CatalogHandle& db, device::Library& lib, const LibraryMove& m);

// media::mark_offsite() (`barcode` outside at `site`, refused while the changer has it anywhere
// but a mail slot), its refusals worded for this page. `lib` may be null (the volume's library
// is not open).
Status mark_offsite(const CatalogHandle& db, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now);

// The catalog's locations against the changer's inventory; `apply` updates the catalog.
Result<std::vector<media::Difference>>
inventory_reconcile(const CatalogHandle& db, device::Library& lib, long long now, bool apply);

} // namespace tl::ui
