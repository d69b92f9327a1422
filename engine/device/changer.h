#pragma once
// A media changer in mtx's numbering (tape-notes §2): drives 0-based, storage slots 1..S,
// mail (import/export) slots S+1..S+M. Backends: VirtualChanger (state persisted atomically
// under the data directory), MtxChanger (runs `mtx -f DEV ...`). Thread-safe: moves are
// serialized inside the changer.
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::device {

enum class ElementType { Drive, Slot, MailSlot };

struct Element {
    ElementType type = ElementType::Slot;
    int number = 0; // drive index (0-based) or slot number (1-based)
    bool full = false;
    std::string barcode;            // "" when empty or unlabeled
    std::optional<int> source_slot; // for a loaded drive: where the cartridge came from
};

struct Inventory {
    std::vector<Element> drives;
    std::vector<Element> storage; // storage slots (not "slots": that is a Qt macro)
    std::vector<Element> mail_slots;
};

class Changer {
public:
    virtual ~Changer() = default;
    virtual const std::string& name() const = 0;
    virtual Result<Inventory> inventory() = 0;
    // Errors name the element: "slot 5 is empty", "drive 1 is full (holds TLO003L9)".
    virtual Status load(int slot, int drive) = 0;
    virtual Status unload(int drive,
                          std::optional<int> slot = std::nullopt) = 0; // default: source slot
    virtual Status transfer(int from_slot, int to_slot) = 0;           // any slot numbers
};

} // namespace tl::device
