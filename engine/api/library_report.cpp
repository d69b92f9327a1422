#include "api/library_report.h"

#include <algorithm>

#include "api/drive_users.h"
#include "context/engine_catalog.h"
#include "device/library.h"

namespace tl::device {

namespace {
nlohmann::json inventory_element_json(const Element& e, int storage_slots) {
    nlohmann::json j = {{"full", e.full}, {"barcode", e.barcode}};
    if (e.type == ElementType::Drive) {
        j["drive"] = e.number;
        j["source_slot"] = e.source_slot ? nlohmann::json(*e.source_slot) : nlohmann::json(nullptr);
    } else {
        j["slot"] = e.number;
        if (e.type == ElementType::MailSlot) j["mail"] = e.number - storage_slots;
    }
    return j;
}

// The drives of a library's status. With the data directory's lock (the service), a free drive
// is asked too (online, write protection); a read-only engine opens no drive (another process
// may be writing on it).
nlohmann::json library_drives_json(Engine& engine, Library& lib, const Inventory& inv) {
    const DriveUsers users(engine);
    nlohmann::json drives = nlohmann::json::array();
    for (std::size_t i = 0; i < lib.drive_count(); ++i) {
        auto& d = lib.drive(i);
        nlohmann::json dj = {{"drive", i}, {"name", d.name()}};
        const bool loaded = i < inv.drives.size() && inv.drives[i].full;
        dj["volume"] = loaded ? inv.drives[i].barcode : std::string();
        const DriveUser* user = users.of(lib.name(), i, d.name());
        dj["job_id"] = user && user->job_id ? nlohmann::json(user->job_id) : nlohmann::json();
        dj["used_by"] = user ? nlohmann::json(user->job) : nlohmann::json();
        dj["activity"] =
            user && !user->activity.empty() ? nlohmann::json(user->activity) : nlohmann::json();
        if (!engine.read_only() && !user) {
            if (auto s = d.status())
                dj.update({{"online", s->online}, {"write_protected", s->write_protected}});
            else
                dj["error"] = s.error().message;
        }
        drives.push_back(dj);
    }
    return drives;
}

int count_full(const std::vector<Element>& v) {
    return static_cast<int>(
        std::count_if(v.begin(), v.end(), [](const Element& e) { return e.full; }));
}
} // namespace

Result<nlohmann::json> library_status_report(Engine& engine, const std::string& library) {
    auto lib = open_library(engine_catalog(engine), engine.home(), library, engine.clock());
    if (!lib) return lib.error();
    auto inv = lib.value()->changer().inventory();
    if (!inv) return inv.error();
    return nlohmann::json{{"library", lib.value()->name()},
                          {"drives", library_drives_json(engine, *lib.value(), inv.value())},
                          {"slots", inv->storage.size()},
                          {"slots_full", count_full(inv->storage)},
                          {"mail_slots", inv->mail_slots.size()},
                          {"mail_slots_full", count_full(inv->mail_slots)}};
}

Result<nlohmann::json> library_inventory_report(Engine& engine, const std::string& library) {
    auto lib = open_library(engine_catalog(engine), engine.home(), library, engine.clock());
    if (!lib) return lib.error();
    auto inv = lib.value()->changer().inventory();
    if (!inv) return inv.error();
    const int storage = static_cast<int>(inv->storage.size());
    nlohmann::json j = {{"library", lib.value()->name()}};
    for (const auto& [key, v] : {std::pair{"drives", &inv->drives},
                                 {"slots", &inv->storage},
                                 {"mail_slots", &inv->mail_slots}}) {
        j[key] = nlohmann::json::array();
        for (const auto& e : *v) {
            auto ej = inventory_element_json(e, storage);
            if (e.type == ElementType::Drive &&
                static_cast<std::size_t>(e.number) < lib.value()->drive_count())
                ej["name"] = lib.value()->drive(static_cast<std::size_t>(e.number)).name();
            j[key].push_back(ej);
        }
    }
    return j;
}

} // namespace tl::device
