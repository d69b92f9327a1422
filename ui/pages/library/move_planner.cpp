#include "pages/library/move_planner.h"

#include "device/changer_rules.h"

namespace tl::ui {

using device::ElementType;

const device::Element* MovePlanner::element(const device::Inventory& inv, Place p) {
    return p.type == ElementType::Drive ? device::find_drive(inv, p.number)
                                        : device::find_slot(inv, p.number);
}

QString MovePlanner::describe(const device::Inventory& inv, Place p) {
    switch (p.type) {
    case ElementType::Drive:
        return tr("drive %1").arg(p.number);
    case ElementType::Slot:
        return tr("slot %1").arg(p.number);
    case ElementType::MailSlot:
        return tr("mail slot %1").arg(p.number - static_cast<int>(inv.storage.size()));
    }
    return {};
}

PlannedMove MovePlanner::plan(const device::Inventory& inv, const QString& library, Place from,
                              std::optional<Place> to) {
    const std::string lib = library.toStdString();
    const device::Element* src = element(inv, from);
    if (!src) return {std::nullopt, tr("%1 does not exist").arg(describe(inv, from))};
    if (!src->full) return {std::nullopt, tr("%1 is empty").arg(describe(inv, from))};
    if (to && *to == from) return {std::nullopt, tr("The cartridge is already there.")};
    LibraryMove m;
    m.barcode = src->barcode;
    auto refused = [](const Status& s) {
        return PlannedMove{std::nullopt, QString::fromStdString(s.error().message)};
    };
    if (from.type == ElementType::Drive) {
        m.kind = MoveKind::Unload;
        m.drive = from.number;
        if (to && to->type == ElementType::Drive)
            return {std::nullopt,
                    tr("%1 holds %2: unload it to a slot first, then load it "
                       "into %3.")
                        .arg(describe(inv, from), QString::fromStdString(src->barcode),
                             describe(inv, *to))};
        if (to && to->type == ElementType::MailSlot)
            // The CLI's refusal (library export): a cartridge in a drive is not exported.
            return {std::nullopt,
                    tr("library %1: cartridge %2 is in drive %3; unload it first, then export it")
                        .arg(library, QString::fromStdString(src->barcode))
                        .arg(from.number)};
        if (to) m.to_slot = to->number;
        auto target = device::check_unload(inv, lib, m.drive, m.to_slot);
        if (!target) return refused(target.error());
        m.to_slot = target.value();
        return {m, {}};
    }
    if (!to) return {std::nullopt, tr("Choose where to move %1.").arg(describe(inv, from))};
    m.slot = from.number;
    if (to->type == ElementType::Drive) {
        m.kind = MoveKind::Load;
        m.drive = to->number;
        if (auto s = device::check_load(inv, lib, m.slot, m.drive); !s) return refused(s);
        return {m, {}};
    }
    m.to_slot = to->number;
    if (to->type == ElementType::MailSlot)
        m.kind = from.type == ElementType::MailSlot ? MoveKind::Transfer : MoveKind::Export;
    else
        m.kind = from.type == ElementType::MailSlot ? MoveKind::Import : MoveKind::Transfer;
    if (auto s = device::check_transfer(inv, lib, m.slot, *m.to_slot); !s) return refused(s);
    return {m, {}};
}

} // namespace tl::ui
