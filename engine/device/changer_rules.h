#pragma once
// The rules every changer backend checks before moving anything, so that a refused move changes
// nothing and both backends (virtual, mtx) refuse with the same words (tape-notes §5c):
// invalid element (NotFound), source empty (NoMedium), destination full (NoSpace).
// Messages start with "library NAME: " and name the element. Pure functions on an Inventory.
#include <optional>
#include <string>

#include "device/changer.h"

namespace tl::device {

// The element with mtx slot number `n` (storage 1..S, then mail slots), or nullptr.
Element* find_slot(Inventory& inv, int n);
const Element* find_slot(const Inventory& inv, int n);
Element* find_drive(Inventory& inv, int n);
const Element* find_drive(const Inventory& inv, int n);
// Where the cartridge with `barcode` is, or nullptr.
const Element* find_barcode(const Inventory& inv, const std::string& barcode);
std::string describe(const Element& e); // "slot 5", "mail slot 25", "drive 1"
// The same with a mail slot numbered as --mail numbers them, then its element: "mail slot 1
// (--slot 25)".
std::string describe(const Inventory& inv, const Element& e);

Status check_load(const Inventory& inv, const std::string& library, int slot, int drive);
// Returns the destination slot (the source slot when `slot` is not given).
Result<int> check_unload(const Inventory& inv, const std::string& library, int drive,
                         std::optional<int> slot);
Status check_transfer(const Inventory& inv, const std::string& library, int from, int to);

// The element number of mail slot `mail` (1-based, as the CLI, the API and the console count
// them); NotFound naming the mail slots the library has.
Result<int> mail_slot_element(const Inventory& inv, const std::string& library, int mail);

// The storage slot holding `barcode`, for an export by barcode: a cartridge in a drive is
// refused (Busy: unload it first), one in a mail slot too (InvalidArgument), one not in the
// library is NotFound.
Result<int> export_slot_of(const Inventory& inv, const std::string& library,
                           const std::string& barcode);

// Apply a move that passed its check.
void apply_load(Inventory& inv, int slot, int drive);
void apply_unload(Inventory& inv, int drive, int slot);
void apply_transfer(Inventory& inv, int from, int to);

} // namespace tl::device
