#include "schedule/job_definition.h"

#include <algorithm>
#include <cctype>

#include "codec/compressor.h"
#include "common/path_json.h"
#include "format/block.h"

namespace tl::schedule {

namespace {
// Each source as a string, or {"hex": ...} when it is no UTF-8 (common/path_json.h).
nlohmann::json sources_json(const std::vector<std::string>& sources) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& s : sources)
        out.push_back(path_json(s));
    return out;
}
} // namespace

nlohmann::json to_json(const JobDefinition& d) {
    return {{"name", d.name},
            {"sources", sources_json(d.sources)},
            {"include", d.include},
            {"exclude", d.exclude},
            {"one_file_system", d.one_file_system},
            {"pool", d.pool},
            {"library", d.library},
            {"drives", d.drives},
            {"sessions_per_drive", d.sessions_per_drive},
            {"block_size", d.block_size},
            {"read_buffer", d.read_buffer},
            {"compression", d.compression},
            {"encryption", d.encryption},
            {"key", d.key},
            {"encrypt_names", d.encrypt_names},
            {"priority", d.priority},
            {"retention_days", d.retention_days},
            {"pre_command", d.pre_command},
            {"post_command", d.post_command},
            {"notify_command", d.notify_command},
            {"retries", d.retries},
            {"retry_delay", d.retry_delay},
            {"allow_concurrent", d.allow_concurrent},
            {"missed", d.missed}};
}

Result<JobDefinition> definition_from_json(const nlohmann::json& j) {
    if (!j.is_object())
        return make_error(ErrorKind::InvalidArgument, "a job definition must be a JSON object");
    JobDefinition d;
    const auto defaults = to_json(d);
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == "schedules" || it.key() == "id") continue; // handled by the caller
        if (!defaults.contains(it.key()))
            return make_error(ErrorKind::InvalidArgument,
                              "job definition: unknown key '" + it.key() + "'");
        const auto& want = defaults[it.key()];
        const bool same = (want.is_number() && it->is_number()) ||
                          (want.is_number_unsigned() && it->is_number_unsigned()) ||
                          want.type() == it->type();
        if (!same)
            return make_error(ErrorKind::InvalidArgument, "job definition: key '" + it.key() +
                                                              "' has the wrong type (want " +
                                                              want.type_name() + ")");
    }
    try {
        auto get = [&](const char* key, auto& out) {
            if (j.contains(key)) j.at(key).get_to(out);
        };
        get("name", d.name);
        if (j.contains("sources"))
            for (const auto& s : j.at("sources")) {
                auto path = path_from_json(s);
                if (!path) return path.error();
                d.sources.push_back(std::move(path.value()));
            }
        get("include", d.include);
        get("exclude", d.exclude);
        get("one_file_system", d.one_file_system);
        get("pool", d.pool);
        get("library", d.library);
        get("drives", d.drives);
        get("sessions_per_drive", d.sessions_per_drive);
        get("block_size", d.block_size);
        get("read_buffer", d.read_buffer);
        get("compression", d.compression);
        get("encryption", d.encryption);
        get("key", d.key);
        get("encrypt_names", d.encrypt_names);
        get("priority", d.priority);
        get("retention_days", d.retention_days);
        get("pre_command", d.pre_command);
        get("post_command", d.post_command);
        get("notify_command", d.notify_command);
        get("retries", d.retries);
        get("retry_delay", d.retry_delay);
        get("allow_concurrent", d.allow_concurrent);
        get("missed", d.missed);
    } catch (const nlohmann::json::exception& e) {
        return make_error(ErrorKind::InvalidArgument,
                          std::string("job definition '") + d.name + "': " + e.what());
    }
    return d;
}

Status check_definition(const JobDefinition& d) {
    auto bad = [&](const std::string& what) {
        return make_error(ErrorKind::InvalidArgument, "job definition '" + d.name + "': " + what);
    };
    if (d.name.empty() || d.name.size() > 64 ||
        !std::all_of(d.name.begin(), d.name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        }))
        return bad("the name must be 1..64 letters, digits, '.', '_' or '-'");
    if (d.sources.empty()) return bad("no source; give --source PATH (repeatable)");
    if (d.sessions_per_drive < 1 || d.sessions_per_drive > 32)
        return bad("sessions per drive must be 1..32");
    if (auto st = format::check_block_size(d.block_size); !st) return bad(st.error().message);
    if (d.read_buffer < 64 * 1024 || d.read_buffer > (256u << 20))
        return bad("the read buffer must be between 64K and 256M");
    if (auto c = codec::parse_codec_spec(d.compression); !c) return bad(c.error().message);
    if (!d.encryption.empty() && d.encryption != "none" && d.encryption != "aes-256-gcm")
        return bad("encryption is none or aes-256-gcm, not '" + d.encryption + "'");
    if (!d.encrypt_names.empty() && d.encrypt_names != "yes" && d.encrypt_names != "no")
        return bad("encrypt names is yes or no, not '" + d.encrypt_names + "'");
    if (d.priority < 0 || d.priority > 100) return bad("the priority must be 0..100");
    if (d.retention_days < 0) return bad("the retention must be 0 (the pool's) or more days");
    if (d.retries < 0 || d.retries > 100) return bad("retries must be 0..100");
    if (d.retry_delay < 0) return bad("the retry delay must not be negative");
    if (d.missed != "run" && d.missed != "skip") return bad("missed runs are 'run' or 'skip'");
    return {};
}

} // namespace tl::schedule
