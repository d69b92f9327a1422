#include "device/cartridge_insert.h"

#include <algorithm>

#include "device/changer_rules.h"
#include "device/virtual_changer.h"

namespace tl::device {

namespace {
// The other configured library whose changer holds `barcode`, "" when none does (a library that
// cannot be opened or asked holds nothing that can be read).
Result<std::string> other_holder(catalog::Db& db, const std::string& home, Clock& clock,
                                 const std::string& self, const std::string& barcode) {
    auto names = library_names(db);
    if (!names) return names.error();
    for (const auto& n : names.value()) {
        if (n == self) continue;
        auto other = open_library(db, home, n, clock);
        if (!other) continue;
        auto held = other.value()->barcodes();
        if (held && std::find(held->begin(), held->end(), barcode) != held->end()) return n;
    }
    return std::string();
}
} // namespace

Status insert_from_outside(catalog::Db& db, const std::string& home, Clock& clock, Library& lib,
                           const Inventory& inv, int mail, const std::string& barcode) {
    auto v = virtual_changer_of(lib);
    if (!v) return v.error();
    auto m = mail_slot_element(inv, lib.name(), mail);
    if (!m) return m.error();
    auto holder = other_holder(db, home, clock, lib.name(), barcode);
    if (!holder) return holder.error();
    if (!holder->empty())
        return make_error(ErrorKind::AlreadyExists,
                          "cartridge " + barcode + " is in library " + holder.value() +
                              ": one barcode is one cartridge; take it out there first "
                              "(tapeloom-cli library export --barcode " +
                              barcode + " --mail N --library " + holder.value() +
                              ", then library remove-cartridge), or give this one another barcode");
    return v.value()->insert(m.value(), barcode);
}

} // namespace tl::device
