#include "api/drive_report.h"

#include <map>
#include <memory>

#include "api/drive_users.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "device/drive_health.h"
#include "device/library.h"
#include "media/volume_catalog.h"

namespace tl::device {

namespace {
nlohmann::json job_id_json(std::int64_t id) {
    return id ? nlohmann::json(id) : nlohmann::json();
}

// A drive's status. A drive a job uses is not opened: it says which job, with the cartridge the
// changer has in it (`loaded`). Otherwise the drive is asked first (which mounts its cartridge),
// then how much is left on it; a volume the catalog marks full has none left.
nlohmann::json drive_json(const DriveConfig& c, TapeDrive& d, catalog::Db& db,
                          const DriveUser* user, const std::string& loaded) {
    nlohmann::json j = {{"name", c.name},   {"library", c.library}, {"element", c.element},
                        {"kind", c.kind},   {"device", c.device},   {"used_by", nullptr},
                        {"job_id", nullptr}};
    if (user) {
        j.update(
            {{"volume", loaded}, {"used_by", user->job}, {"job_id", job_id_json(user->job_id)}});
        return j;
    }
    auto s = d.status();
    if (!s) {
        j["error"] = s.error().message;
        return j;
    }
    std::uint64_t remaining = d.remaining_bytes();
    if (!s->volume.empty())
        if (auto v = media::find_volume(db, s->volume); v && v->state == media::VolumeState::Full)
            remaining = 0;
    j.update({{"capacity_bytes", d.capacity_bytes()},
              {"remaining_bytes", remaining},
              {"max_block", d.block_limits().max_block},
              {"online", s->online},
              {"cleaning_requested", s->cleaning_requested},
              {"volume", s->volume},
              {"bot", s->bot},
              {"eod", s->eod},
              {"early_warning", s->early_warning},
              {"write_protected", s->write_protected},
              {"file_number", s->file_number},
              {"block_number", s->block_number}});
    return j;
}

// Drive health from the catalog: out of service (with why) and the newest TapeAlert flags.
void add_health(nlohmann::json& j, catalog::Db& db,
                const std::map<std::string, std::string>& out_of_service, int alert_limit) {
    const std::string name = j["name"].get<std::string>();
    const auto o = out_of_service.find(name);
    j["out_of_service"] = o == out_of_service.end() ? nlohmann::json() : nlohmann::json(o->second);
    nlohmann::json alerts = nlohmann::json::array();
    if (auto history = drive_alert_history(db, name, alert_limit))
        for (const auto& a : history.value())
            alerts.push_back({{"flag", a.flag},
                              {"name", a.name},
                              {"severity", a.severity},
                              {"action", a.action},
                              {"phase", a.phase},
                              {"volume", a.volume},
                              {"at", a.at},
                              {"job_id", job_id_json(a.job_id)}});
    j["alerts"] = alerts;
}

// The barcode the changer has in drive `index` of `lib`, "" when none.
std::string loaded_in(Library& lib, std::size_t index) {
    auto inv = lib.changer().inventory();
    if (!inv || index >= inv->drives.size() || !inv->drives[index].full) return {};
    return inv->drives[index].barcode;
}
} // namespace

Result<nlohmann::json> drive_report(Engine& engine, const std::string& only, int alert_limit) {
    auto& db = engine_catalog(engine);
    auto all = list_drives(db);
    if (!all) return all.error();
    auto out_of_service = drives_out_of_service(db);
    if (!out_of_service) return out_of_service.error();
    nlohmann::json arr = nlohmann::json::array();
    std::map<std::string, std::unique_ptr<Library>> libs;
    const DriveUsers users(engine);
    for (const auto& c : all.value()) {
        if (!only.empty() && c.name != only) continue;
        if (c.library.empty()) {
            auto d = open_standalone_drive(db, engine.home(), c.name, engine.clock());
            if (!d) return d.error();
            arr.push_back(drive_json(c, *d.value(), db, nullptr, {}));
        } else {
            if (!libs.count(c.library)) {
                auto l = open_library(db, engine.home(), c.library, engine.clock());
                if (!l) return l.error();
                libs[c.library] = std::move(l.value());
            }
            auto& lib = *libs[c.library];
            if (static_cast<std::size_t>(c.element) >= lib.drive_count()) continue;
            const auto index = static_cast<std::size_t>(c.element);
            arr.push_back(drive_json(c, lib.drive(index), db,
                                     users.of(c.library, index, lib.drive(index).name()),
                                     loaded_in(lib, index)));
        }
        add_health(arr.back(), db, out_of_service.value(), alert_limit);
    }
    if (!only.empty() && arr.empty())
        return make_error(ErrorKind::NotFound,
                          "drive " + only + " is not configured; see 'tapeloom-cli drive status'");
    return nlohmann::json{{"drives", arr}};
}

} // namespace tl::device
