#include "agent/client_backup.h"

#include "agent/client_registry.h"

namespace tl::agent {

Result<std::deque<source::SourceSpec>> backup_sources(const std::vector<std::string>& sources,
                                                      const std::string& client) {
    std::deque<source::SourceSpec> out;
    for (const auto& text : sources) {
        auto named = split_client_source(text);
        if (!named && client.empty()) {
            auto spec = source::parse_source(text);
            if (!spec) return spec.error();
            out.push_back(spec.value());
            continue;
        }
        const auto [name, path] = named ? named.value() : std::pair{client, text};
        if (path.empty() || path.front() != '/')
            return make_error(ErrorKind::InvalidArgument,
                              "--source " + text +
                                  ": give the absolute path of the tree on client " + name);
        out.push_back({source::SourceKind::Client, path, client_source(name, path)});
    }
    return out;
}

std::string client_of(const source::SourceSpec& spec) {
    auto named = split_client_source(spec.text);
    return named ? named->first : std::string();
}

Result<std::map<std::string, ClientEndpoint>>
client_endpoints(catalog::Db& db, const std::string& home,
                 const std::deque<source::SourceSpec>& specs) {
    std::map<std::string, ClientEndpoint> out;
    for (const auto& spec : specs) {
        if (spec.kind != source::SourceKind::Client || out.count(client_of(spec))) continue;
        auto endpoint = client_endpoint(db, home, client_of(spec));
        if (!endpoint) return endpoint.error();
        out.emplace(endpoint->name, endpoint.value());
    }
    return out;
}

nlohmann::json session_request(const source::SourceSpec& spec, const codec::CodecSpec& codec,
                               std::size_t buffer_bytes, const source::WalkOptions& walk) {
    return {{"source", spec.target},   {"codec", codec.str()},
            {"buffer", buffer_bytes},  {"include", walk.include},
            {"exclude", walk.exclude}, {"one_file_system", walk.one_file_system}};
}

} // namespace tl::agent
