#pragma once
// Turns "this element onto that one" (a drop, a context-menu choice) into one robot move, or a
// reason to refuse it that the page shows inline: the changer's own rules (changer_rules.h, the
// words the CLI prints) plus what the CLI refuses before asking the changer (a cartridge in a
// drive is not exported; unload it first). Pure: reads an Inventory, moves nothing.
#include <QCoreApplication>
#include <QString>
#include <optional>

#include "device/changer.h"
#include "pages/library/library_ops.h"

namespace tl::ui {

// One element of the drawing: a drive (index) or a storage/mail slot (mtx element number).
struct Place {
    device::ElementType type = device::ElementType::Slot;
    int number = 0;
    bool operator==(const Place&) const = default;
};

struct PlannedMove {
    std::optional<LibraryMove> move; // set when legal
    QString refusal;                 // why not, when not
};

class MovePlanner {
    Q_DECLARE_TR_FUNCTIONS(MovePlanner)
public:
    // `to` nullopt for an unload means "its home slot".
    static PlannedMove plan(const device::Inventory& inv, const QString& library, Place from,
                            std::optional<Place> to);
    // The element at `p`, or nullptr.
    static const device::Element* element(const device::Inventory& inv, Place p);
    // "slot 3", "drive 0", "mail slot 1" in the page's words (mail slots counted from 1).
    static QString describe(const device::Inventory& inv, Place p);
};

} // namespace tl::ui
