#include "shapes/status_json.h"

namespace tl::shapes {

nlohmann::json status_json(const EngineStatus& s, std::size_t cpus, std::uint64_t rss_bytes) {
    return {{"home", s.home},
            {"catalog", s.catalog_path},
            {"version", s.version},
            {"schema_version", s.schema_version},
            {"libraries", s.libraries},
            {"drives", s.drives},
            {"cpus", cpus},
            {"rss_bytes", rss_bytes}};
}

} // namespace tl::shapes
