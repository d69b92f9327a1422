#include "shapes/pool_json.h"

namespace tl::shapes {

nlohmann::json pool_json(const media::Pool& p) {
    return {{"name", p.name},
            {"purpose", p.purpose},
            {"auto_label", p.auto_label},
            {"retention_days", p.retention_days},
            {"file_retention_days", p.file_retention_days},
            {"max_jobs", p.max_jobs},
            {"max_bytes", p.max_bytes},
            {"max_use_seconds", p.max_use_seconds},
            {"recycle", p.auto_recycle ? "auto" : "manual"},
            {"volumes", p.volumes},
            {"encryption", p.encryption},
            {"key", p.key},
            {"encrypt_names", p.encrypt_names}};
}

} // namespace tl::shapes
