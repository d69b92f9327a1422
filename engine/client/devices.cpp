#include "client/devices.h"

#include "client/json_field.h"

namespace tl::client {

nlohmann::json to_json(const NewDrive& d) {
    nlohmann::json j = {{"kind", d.kind}};
    if (!d.name.empty()) j["name"] = d.name;
    if (!d.device.empty()) j["device"] = d.device;
    if (d.capacity) j["capacity"] = *d.capacity;
    return j;
}

nlohmann::json to_json(const NewLibrary& l) {
    nlohmann::json j = {{"kind", l.kind}};
    if (!l.name.empty()) j["name"] = l.name;
    if (l.drives) j["drives"] = *l.drives;
    if (l.storage_slots) j["slots"] = *l.storage_slots;
    if (l.mail_slots) j["mail"] = *l.mail_slots;
    if (l.capacity) j["capacity"] = *l.capacity;
    if (!l.prefix.empty()) j["prefix"] = l.prefix;
    if (l.model) j["model"] = *l.model;
    if (!l.changer.empty()) j["changer"] = l.changer;
    if (!l.drive_devices.empty()) j["drive_devices"] = l.drive_devices;
    return j;
}

Result<DeviceAdded> device_added_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        return make_error(ErrorKind::Io, "the service's answer names no device");
    return DeviceAdded{field<std::string>(j, "name"), field<std::string>(j, "kind"),
                       field<std::string>(j, "device"), j};
}

Result<DriveCleaned> drive_cleaned_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("drive") || !j["drive"].is_string())
        return make_error(ErrorKind::Io, "the service's answer names no cleaned drive");
    return DriveCleaned{field<std::string>(j, "drive"), field<std::string>(j, "cartridge"),
                        field<int>(j, "uses_left"), field<double>(j, "seconds"), j};
}

Result<DriveState> drive_state_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        return make_error(ErrorKind::Io, "the service's answer names no drive");
    DriveState d;
    d.name = field<std::string>(j, "name");
    d.library = field<std::string>(j, "library");
    d.kind = field<std::string>(j, "kind");
    d.device = field<std::string>(j, "device");
    d.element = field<int>(j, "element");
    d.used_by = field<std::string>(j, "used_by");
    d.job_id = field<std::int64_t>(j, "job_id");
    d.volume = field<std::string>(j, "volume");
    d.error = field<std::string>(j, "error");
    if (j.contains("out_of_service") && j["out_of_service"].is_string())
        d.out_of_service = j["out_of_service"].get<std::string>();
    d.online = field<bool>(j, "online");
    d.write_protected = field<bool>(j, "write_protected");
    d.cleaning_requested = field<bool>(j, "cleaning_requested");
    d.capacity_bytes = field<std::uint64_t>(j, "capacity_bytes");
    d.remaining_bytes = field<std::uint64_t>(j, "remaining_bytes");
    if (j.contains("alerts") && j["alerts"].is_array())
        for (const auto& a : j["alerts"])
            d.alerts.push_back({field<int>(a, "flag"), field<std::string>(a, "name"),
                                field<std::string>(a, "severity"), field<std::string>(a, "action"),
                                field<std::string>(a, "phase"), field<std::string>(a, "volume"),
                                field<std::int64_t>(a, "at"), field<std::int64_t>(a, "job_id")});
    if (j.contains("usage") && j["usage"].is_object()) d.usage = drive_usage_from_json(j["usage"]);
    d.document = j;
    return d;
}

Result<std::vector<DriveState>> drive_states_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("drives") || !j["drives"].is_array())
        return make_error(ErrorKind::Io, "the service's answer has no \"drives\" list");
    std::vector<DriveState> out;
    for (const auto& d : j["drives"]) {
        auto one = drive_state_from_json(d);
        if (!one) return one.error();
        out.push_back(std::move(one.value()));
    }
    return out;
}

} // namespace tl::client
