#include "shapes/library_json.h"

namespace tl::shapes {

nlohmann::json library_json(const device::LibraryConfig& l, std::size_t drives) {
    return {{"name", l.name},
            {"kind", l.kind},
            {"device", l.device},
            {"drives", drives},
            {"config", l.config}};
}

} // namespace tl::shapes
