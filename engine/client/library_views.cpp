// A library's status and inventory read from the service's answers (libraries.h).
#include "client/json_field.h"
#include "client/libraries.h"

namespace tl::client {

namespace {
Error not_a_library_answer(const char* what) {
    return make_error(ErrorKind::Io, std::string("the service's answer is no ") + what);
}

template <class T> std::optional<T> optional_field(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || j[key].is_null()) return std::nullopt;
    return j[key].get<T>();
}

InventoryElement inventory_element(const nlohmann::json& e, const char* number_key) {
    InventoryElement out;
    out.number = field<int>(e, number_key);
    out.full = field<bool>(e, "full");
    out.barcode = field<std::string>(e, "barcode");
    out.source_slot = optional_field<int>(e, "source_slot");
    out.mail = field<int>(e, "mail");
    out.name = field<std::string>(e, "name");
    return out;
}
} // namespace

Result<LibraryStatus> library_status_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("library") || !j.contains("drives") ||
        !j["drives"].is_array())
        return not_a_library_answer("library status");
    LibraryStatus s;
    s.library = field<std::string>(j, "library");
    for (const auto& d : j["drives"]) {
        LibraryDrive ld;
        ld.drive = field<int>(d, "drive");
        ld.name = field<std::string>(d, "name");
        ld.volume = field<std::string>(d, "volume");
        ld.job_id = field<std::int64_t>(d, "job_id");
        ld.used_by = field<std::string>(d, "used_by");
        ld.online = optional_field<bool>(d, "online");
        ld.write_protected = optional_field<bool>(d, "write_protected");
        ld.error = optional_field<std::string>(d, "error");
        ld.activity = field<std::string>(d, "activity");
        s.drives.push_back(std::move(ld));
    }
    s.storage_slots = field<int>(j, "slots");
    s.storage_full = field<int>(j, "slots_full");
    s.mail_slots = field<int>(j, "mail_slots");
    s.mail_slots_full = field<int>(j, "mail_slots_full");
    s.document = j;
    return s;
}

Result<LibraryInventory> library_inventory_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("library")) return not_a_library_answer("library inventory");
    LibraryInventory inv;
    inv.library = field<std::string>(j, "library");
    for (const auto& [key, list, number] :
         {std::tuple{"drives", &inv.drives, "drive"}, std::tuple{"slots", &inv.storage, "slot"},
          std::tuple{"mail_slots", &inv.mail_slots, "slot"}}) {
        if (!j.contains(key) || !j[key].is_array())
            return not_a_library_answer("library inventory");
        for (const auto& e : j[key])
            list->push_back(inventory_element(e, number));
    }
    inv.document = j;
    return inv;
}

} // namespace tl::client
