#include "shapes/file_version_json.h"

namespace tl::shapes {

nlohmann::json file_version_json(const job::FileVersion& v) {
    return {{"job", v.job_id},  {"started", v.started},   {"source", v.source},
            {"size", v.size},   {"mtime_ns", v.mtime_ns}, {"hash", v.hash},
            {"level", v.level}, {"deleted", v.deleted}};
}

} // namespace tl::shapes
