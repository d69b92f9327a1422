#include "agent/client_backup.h"

#include "agent/client_registry.h"

namespace tl::agent {

Result<std::deque<source::SourceSpec>> client_sources(const std::string& client,
                                                      const std::vector<std::string>& paths) {
    std::deque<source::SourceSpec> out;
    for (const auto& p : paths) {
        if (p.empty() || p.front() != '/')
            return make_error(ErrorKind::InvalidArgument,
                              "--source " + p + ": give the absolute path of the tree on client " +
                                  client);
        out.push_back({source::SourceKind::Client, p, client_source(client, p)});
    }
    return out;
}

Status check_client_backup(const std::string& level, bool encrypted) {
    if (level != "full")
        return make_error(ErrorKind::Unsupported,
                          "--level " + level +
                              " of a client: this version backs up clients in full only");
    if (encrypted)
        return make_error(ErrorKind::Unsupported,
                          "an encrypted backup of a client is not available in this version; "
                          "use --encryption none or a pool without encryption");
    return {};
}

nlohmann::json session_request(const source::SourceSpec& spec, const codec::CodecSpec& codec,
                               std::size_t buffer_bytes, const source::WalkOptions& walk) {
    return {{"source", spec.target},   {"codec", codec.str()},
            {"buffer", buffer_bytes},  {"include", walk.include},
            {"exclude", walk.exclude}, {"one_file_system", walk.one_file_system}};
}

} // namespace tl::agent
