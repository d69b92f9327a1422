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

} // namespace tl::client
