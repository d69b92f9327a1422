#include "service/drive_usage.h"

#include "catalog/drive_history_store.h"
#include "catalog/volume_store.h"

namespace tl::service {

namespace {
Result<std::int64_t> block_size_in(catalog::Db& db, const std::string& drive,
                                   const std::string& volume) {
    if (!volume.empty()) {
        auto labeled = catalog::volume_block_size(db, volume);
        if (!labeled) return labeled.error();
        if (labeled.value()) return *labeled.value();
    }
    auto last = catalog::last_block_size(db, drive);
    if (!last) return last.error();
    return last.value().value_or(0);
}
} // namespace

Status add_drive_usage(catalog::Db& db, nlohmann::json& drives) {
    auto usage = catalog::drive_usage(db);
    if (!usage) return usage.error();
    for (auto& d : drives) {
        const std::string name = d.value("name", "");
        const std::string volume = d.contains("volume") && d["volume"].is_string()
                                       ? d["volume"].get<std::string>()
                                       : std::string();
        auto block = block_size_in(db, name, volume);
        if (!block) return block.error();
        auto codec = catalog::last_codec(db, name);
        if (!codec) return codec.error();
        const auto u = usage->count(name) ? usage->at(name) : catalog::DriveUsage{};
        d["usage"] = {{"bytes_written", u.written},  {"bytes_read", u.read},
                      {"mounts", u.mounts},          {"failed_sessions", u.failed_sessions},
                      {"block_size", block.value()}, {"codec", codec.value().value_or("")}};
    }
    return {};
}

} // namespace tl::service
