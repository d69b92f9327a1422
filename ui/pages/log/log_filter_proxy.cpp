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

void LogFilterProxy::setModule(const QString& module) {
    module_ = module;
    invalidateFilter();
}

void LogFilterProxy::setJob(qint64 job) {
    job_ = job;
    jobPattern_ = QRegularExpression(QStringLiteral("\\bjob %1\\b").arg(job),
                                     QRegularExpression::CaseInsensitiveOption);
    invalidateFilter();
}

bool LogFilterProxy::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const auto* m = sourceModel();
    if (m->index(row, 0, parent).data(LogModel::LevelRole).toInt() < minLevel_) return false;
    if (!module_.isEmpty() && m->index(row, LogModel::Module, parent).data().toString() != module_)
        return false;
    if (job_ > 0 &&
        !jobPattern_.match(m->index(row, LogModel::Message, parent).data().toString()).hasMatch())
        return false;
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
