#include "pages/media/volume_filter_proxy.h"

#include "pages/media/volume_table_model.h"

namespace tl::ui {

VolumeFilterProxy::VolumeFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(VolumeTableModel::SortRole);
}

void VolumeFilterProxy::setText(const QString& text) {
    text_ = text.trimmed();
    invalidateFilter();
}

void VolumeFilterProxy::setPool(const QString& pool) {
    pool_ = pool;
    invalidateFilter();
}

void VolumeFilterProxy::setState(const QString& state) {
    state_ = state;
    invalidateFilter();
}

bool VolumeFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const auto i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!pool_.isEmpty() && i.data(VolumeTableModel::PoolRole).toString() != pool_) return false;
    if (!state_.isEmpty() && i.data(VolumeTableModel::StateRole).toString() != state_) return false;
    if (text_.isEmpty()) return true;
    for (int c : {int(VolumeTableModel::Barcode), int(VolumeTableModel::Pool),
                  int(VolumeTableModel::Location)})
        if (sourceModel()
                ->index(sourceRow, c, sourceParent)
                .data()
                .toString()
                .contains(text_, Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace tl::ui
