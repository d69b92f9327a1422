#pragma once
// One robot move of the Library page, as MovePlanner plans it and the page asks the service's
// typed door for it (load, unload, transfer, import, export; bridge/typed_door.h).
#include <optional>
#include <string>

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

} // namespace tl::ui
