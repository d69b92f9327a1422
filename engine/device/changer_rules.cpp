#include "device/changer_rules.h"

namespace tl::device {

namespace {
template <class Inv> auto* slot_in(Inv& inv, int n) {
    for (auto& e : inv.storage)
        if (e.number == n) return &e;
    for (auto& e : inv.mail_slots)
        if (e.number == n) return &e;
    return static_cast<decltype(&inv.storage[0])>(nullptr);
}
template <class Inv> auto* drive_in(Inv& inv, int n) {
    for (auto& e : inv.drives)
        if (e.number == n) return &e;
    return static_cast<decltype(&inv.drives[0])>(nullptr);
}

Error lib_error(const std::string& library, ErrorKind kind, const std::string& what) {
    return make_error(kind, "library " + library + ": " + what);
}

std::string slot_range(const Inventory& inv) {
    std::string s;
    if (!inv.storage.empty())
        s += "storage slots " + std::to_string(inv.storage.front().number) + ".." +
             std::to_string(inv.storage.back().number);
    if (!inv.mail_slots.empty())
        s += ", mail slots " + std::to_string(inv.mail_slots.front().number) + ".." +
             std::to_string(inv.mail_slots.back().number);
    return s.empty() ? "no slots" : s;
}

Error no_slot(const Inventory& inv, const std::string& library, int n) {
    return lib_error(library, ErrorKind::NotFound,
                     "slot " + std::to_string(n) + " does not exist (" + slot_range(inv) + ")");
}
Error no_drive(const Inventory& inv, const std::string& library, int n) {
    return lib_error(library, ErrorKind::NotFound,
                     "drive " + std::to_string(n) + " does not exist (drives 0.." +
                         std::to_string(static_cast<int>(inv.drives.size()) - 1) + ")");
}
std::string holds(const Element& e) {
    return e.barcode.empty() ? std::string(" (unlabeled cartridge)") : " (holds " + e.barcode + ")";
}
} // namespace

Element* find_slot(Inventory& inv, int n) {
    return slot_in(inv, n);
}
const Element* find_slot(const Inventory& inv, int n) {
    return slot_in(inv, n);
}
Element* find_drive(Inventory& inv, int n) {
    return drive_in(inv, n);
}
const Element* find_drive(const Inventory& inv, int n) {
    return drive_in(inv, n);
}

const Element* find_barcode(const Inventory& inv, const std::string& barcode) {
    for (const auto* v : {&inv.drives, &inv.storage, &inv.mail_slots})
        for (const auto& e : *v)
            if (e.full && e.barcode == barcode) return &e;
    return nullptr;
}

std::string describe(const Element& e) {
    switch (e.type) {
    case ElementType::Drive:
        return "drive " + std::to_string(e.number);
    case ElementType::Slot:
        return "slot " + std::to_string(e.number);
    case ElementType::MailSlot:
        return "mail slot " + std::to_string(e.number);
    }
    return "element";
}

std::string describe(const Inventory& inv, const Element& e) {
    if (e.type != ElementType::MailSlot) return describe(e);
    for (std::size_t i = 0; i < inv.mail_slots.size(); ++i)
        if (inv.mail_slots[i].number == e.number)
            return "mail slot " + std::to_string(i + 1) + " (--slot " + std::to_string(e.number) +
                   ")";
    return describe(e);
}

Status check_load(const Inventory& inv, const std::string& library, int slot, int drive) {
    const Element* s = find_slot(inv, slot);
    if (!s) return no_slot(inv, library, slot);
    const Element* d = find_drive(inv, drive);
    if (!d) return no_drive(inv, library, drive);
    if (!s->full)
        return lib_error(library, ErrorKind::NoMedium,
                         describe(inv, *s) + " is empty; see 'tapeloom-cli library inventory'");
    if (d->full)
        return lib_error(library, ErrorKind::NoSpace,
                         describe(inv, *d) + " is full" + holds(*d) + "; unload it first");
    return {};
}

Result<int> check_unload(const Inventory& inv, const std::string& library, int drive,
                         std::optional<int> slot) {
    const Element* d = find_drive(inv, drive);
    if (!d) return no_drive(inv, library, drive);
    if (!d->full) return lib_error(library, ErrorKind::NoMedium, describe(inv, *d) + " is empty");
    int target = 0;
    if (slot) {
        target = *slot;
    } else if (d->source_slot) {
        target = *d->source_slot;
    } else {
        return lib_error(library, ErrorKind::InvalidArgument,
                         describe(inv, *d) + ": the source slot of " + d->barcode +
                             " is unknown; give --slot");
    }
    const Element* s = find_slot(inv, target);
    if (!s) return no_slot(inv, library, target);
    if (s->full)
        return lib_error(library, ErrorKind::NoSpace,
                         describe(inv, *s) + " is full" + holds(*s) +
                             "; unload into an empty slot (--slot N)");
    return target;
}

Status check_transfer(const Inventory& inv, const std::string& library, int from, int to) {
    const Element* a = find_slot(inv, from);
    if (!a) return no_slot(inv, library, from);
    const Element* b = find_slot(inv, to);
    if (!b) return no_slot(inv, library, to);
    if (from == to)
        return lib_error(library, ErrorKind::InvalidArgument,
                         "cannot move slot " + std::to_string(from) + " onto itself");
    if (!a->full)
        return lib_error(library, ErrorKind::NoMedium,
                         describe(inv, *a) + " is empty; see 'tapeloom-cli library inventory'");
    if (b->full)
        return lib_error(library, ErrorKind::NoSpace,
                         describe(inv, *b) + " is full" + holds(*b) + "; choose an empty slot");
    return {};
}

void apply_load(Inventory& inv, int slot, int drive) {
    Element* s = find_slot(inv, slot);
    Element* d = find_drive(inv, drive);
    d->full = true;
    d->barcode = s->barcode;
    d->source_slot = slot;
    s->full = false;
    s->barcode.clear();
}

void apply_unload(Inventory& inv, int drive, int slot) {
    Element* s = find_slot(inv, slot);
    Element* d = find_drive(inv, drive);
    s->full = true;
    s->barcode = d->barcode;
    d->full = false;
    d->barcode.clear();
    d->source_slot.reset();
}

void apply_transfer(Inventory& inv, int from, int to) {
    Element* a = find_slot(inv, from);
    Element* b = find_slot(inv, to);
    b->full = true;
    b->barcode = a->barcode;
    a->full = false;
    a->barcode.clear();
}

Result<int> export_slot_of(const Inventory& inv, const std::string& library,
                           const std::string& barcode) {
    for (const auto& d : inv.drives)
        if (d.full && d.barcode == barcode)
            return make_error(ErrorKind::Busy,
                              "library " + library + ": cartridge " + barcode + " is in drive " +
                                  std::to_string(d.number) +
                                  "; unload it first (tapeloom-cli library unload --drive " +
                                  std::to_string(d.number) + "), then export it");
    for (const auto& e : inv.storage)
        if (e.full && e.barcode == barcode) return e.number;
    for (const auto& e : inv.mail_slots)
        if (e.full && e.barcode == barcode)
            return make_error(ErrorKind::InvalidArgument,
                              "library " + library + ": cartridge " + barcode +
                                  " is in a mail slot already; take it out, then mark it "
                                  "(volume mark " +
                                  barcode + " offsite --location L)");
    return make_error(ErrorKind::NotFound, "library " + library + ": cartridge " + barcode +
                                               " is not in the library; see library inventory");
}

Result<int> mail_slot_element(const Inventory& inv, const std::string& library, int mail) {
    if (mail < 1 || static_cast<std::size_t>(mail) > inv.mail_slots.size()) {
        // --mail counts the mail slots from 1; --slot numbers them after the storage slots.
        std::string range = inv.mail_slots.empty()
                                ? std::string("the library has none")
                                : "mail slots 1.." + std::to_string(inv.mail_slots.size()) +
                                      ", which --slot numbers " +
                                      std::to_string(inv.mail_slots.front().number) + ".." +
                                      std::to_string(inv.mail_slots.back().number);
        return make_error(ErrorKind::NotFound, "library " + library + ": mail slot " +
                                                   std::to_string(mail) + " does not exist (" +
                                                   range + ")");
    }
    return inv.mail_slots[static_cast<std::size_t>(mail) - 1].number;
}

} // namespace tl::device
