#include "device/virtual_faults.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "device/atomic_file.h"

namespace tl::device {

namespace {
std::string plan_path(const std::string& dir) {
    return dir + "/faults.json";
}

nlohmann::json to_json(const FaultPlan& p) {
    nlohmann::json drives = nlohmann::json::object(), carts = nlohmann::json::object();
    for (const auto& [n, d] : p.drives)
        drives[std::to_string(n)] = {{"tapealert", d.tapealert},
                                     {"offline", d.offline},
                                     {"cleaning_request", d.cleaning_request}};
    for (const auto& [b, c] : p.cartridges) {
        nlohmann::json j = {{"fail_load", c.fail_load}};
        j["media_error_at"] = c.media_error_at ? nlohmann::json(*c.media_error_at) : nullptr;
        carts[b] = j;
    }
    return {{"version", 1}, {"drives", drives}, {"cartridges", carts}};
}

FaultPlan from_json(const nlohmann::json& j) {
    FaultPlan p;
    const nlohmann::json none = nlohmann::json::object();
    const nlohmann::json& drives = j.contains("drives") ? j["drives"] : none;
    const nlohmann::json& carts = j.contains("cartridges") ? j["cartridges"] : none;
    for (const auto& [k, d] : drives.items()) {
        DriveFaultSpec s;
        s.tapealert = d.value("tapealert", std::vector<int>{});
        s.offline = d.value("offline", false);
        s.cleaning_request = d.value("cleaning_request", false);
        p.drives[std::stoi(k)] = s;
    }
    for (const auto& [b, c] : carts.items()) {
        CartridgeFaultSpec s;
        s.fail_load = c.value("fail_load", false);
        if (c.contains("media_error_at") && c["media_error_at"].is_number_unsigned())
            s.media_error_at = c["media_error_at"].get<std::uint64_t>();
        p.cartridges[b] = s;
    }
    return p;
}
} // namespace

std::string to_json_text(const FaultPlan& p) {
    return to_json(p).dump(2);
}

Result<FaultPlan> read_fault_plan(const std::string& library_dir) {
    const std::string path = plan_path(library_dir);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return FaultPlan{};
    auto text = read_whole_file(path);
    if (!text) return text.error();
    try {
        return from_json(nlohmann::json::parse(text.value()));
    } catch (const std::exception& e) {
        return make_error(ErrorKind::Corrupt, "fault plan " + path + " is not valid (" + e.what() +
                                                  "); clear it with 'tapeloom-cli library fault "
                                                  "--clear'");
    }
}

Status change_fault_plan(const std::string& library_dir,
                         const std::function<Status(FaultPlan&)>& change) {
    auto lock = FileLock::take(library_dir + "/faults.lock");
    if (!lock) return lock.error();
    auto plan = read_fault_plan(library_dir);
    FaultPlan p = plan ? plan.value() : FaultPlan{}; // a corrupt plan is replaced
    TL_TRY(change(p));
    return write_file_atomically(plan_path(library_dir), to_json(p).dump(2) + "\n");
}

} // namespace tl::device
