#pragma once
// The engine's std::string as a QString (UTF-8), short for the pages that show many of them.
#include <QString>

#include <string>

namespace tl::ui {

inline QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace tl::ui
