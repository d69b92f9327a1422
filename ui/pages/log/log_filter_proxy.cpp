#include "pages/log/log_filter_proxy.h"

#include "models/log_model.h"

namespace tl::ui {

void LogFilterProxy::setMinimumLevel(int level) {
    minLevel_ = level;
    invalidateFilter();
}

void LogFilterProxy::setText(const QString& text) {
    text_ = text;
    invalidateFilter();
}

bool LogFilterProxy::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const auto* m = sourceModel();
    if (m->index(row, 0, parent).data(LogModel::LevelRole).toInt() < minLevel_) return false;
    if (text_.isEmpty()) return true;
    return m->index(row, LogModel::Message, parent)
               .data()
               .toString()
               .contains(text_, Qt::CaseInsensitive) ||
           m->index(row, LogModel::Module, parent)
               .data()
               .toString()
               .contains(text_, Qt::CaseInsensitive);
}

} // namespace tl::ui
