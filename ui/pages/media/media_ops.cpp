#include "pages/media/media_ops.h"

namespace tl::ui {

QString MediaOps::labeledText(const std::string& barcode, const std::string& pool,
                              std::int64_t jobsPurged) {
    QString text = tr("Volume %1 labeled for pool %2.")
                       .arg(QString::fromStdString(barcode), QString::fromStdString(pool));
    if (jobsPurged)
        text += QLatin1Char(' ') +
                tr("%n job(s) purged from the catalog.", nullptr, static_cast<int>(jobsPurged));
    return text;
}

} // namespace tl::ui
