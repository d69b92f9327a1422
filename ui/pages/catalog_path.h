#pragma once
// The catalog file of the engine a page shows, for the models that open it read-only: the path
// the engine reports, or the data directory's catalog.db when its status cannot be read.
#include <QString>

#include "context/engine.h"

namespace tl::ui {

inline QString catalog_path(Engine& engine) {
    auto status = engine.status();
    return QString::fromStdString(status ? status->catalog_path : engine.home() + "/catalog.db");
}

} // namespace tl::ui
