#pragma once
// The Media page's words for what a label through the typed door did (MediaActions): the
// console's text, not the service's.
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <string>

namespace tl::ui {

class MediaOps {
    Q_DECLARE_TR_FUNCTIONS(MediaOps)
public:
    // What a label of `barcode` into `pool` did ("… labeled for pool …; 1 job(s) purged").
    static QString labeledText(const std::string& barcode, const std::string& pool,
                               std::int64_t jobsPurged);
};

} // namespace tl::ui
