#include "pages/jobs/definition_command.h"

#include <QCoreApplication>

namespace tl::ui {

namespace {
nlohmann::json list(const std::vector<std::string>& v) {
    return nlohmann::json(v);
}
// A pattern list as `job edit` takes it: an empty list is one empty pattern (`--include ''`),
// which empties the stored list (an option without values would not reach the command).
nlohmann::json patterns(const std::vector<std::string>& v) {
    return v.empty() ? nlohmann::json::array({""}) : nlohmann::json(v);
}
} // namespace

std::optional<ServiceCommand> definitionCommand(const schedule::JobDefinition& d,
                                                const schedule::JobDefinition* stored,
                                                QString* whyNot) {
    if (stored && stored->one_file_system && !d.one_file_system) {
        if (whyNot)
            *whyNot = QCoreApplication::translate(
                "DefinitionCommand",
                "beside the service one-file-system cannot be turned off; remove the definition "
                "and define it again");
        return std::nullopt;
    }
    ServiceCommand c{stored ? "job edit" : "job define", {d.name}};
    auto& o = c.options;
    o["source"] = list(d.sources);
    // Always given: an empty list empties the stored one (`job edit` replaces given lists).
    o["include"] = patterns(d.include);
    o["exclude"] = patterns(d.exclude);
    if (d.one_file_system) o["one-file-system"] = true;
    const auto n = [](auto v) { return std::to_string(v); };
    o["pool"] = d.pool;
    o["library"] = d.library;
    o["drives"] = n(d.drives);
    o["sessions-per-drive"] = n(d.sessions_per_drive);
    o["block-size"] = n(d.block_size);
    o["read-buffer"] = n(d.read_buffer);
    o["compression"] = d.compression;
    o["encryption"] = d.encryption;
    o["key"] = d.key;
    o["encrypt-names"] = d.encrypt_names;
    o["priority"] = n(d.priority);
    o["retention-days"] = n(d.retention_days);
    o["pre-command"] = d.pre_command;
    o["post-command"] = d.post_command;
    o["notify-command"] = d.notify_command;
    o["retries"] = n(d.retries);
    o["retry-delay"] = n(static_cast<long long>(d.retry_delay)) + "s";
    o["allow-concurrent"] = d.allow_concurrent ? "yes" : "no";
    o["missed"] = d.missed;
    return c;
}

} // namespace tl::ui
