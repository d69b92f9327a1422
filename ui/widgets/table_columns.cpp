#include "widgets/table_columns.h"

#include <QHeaderView>
#include <QPointer>
#include <QTableView>

namespace tl::ui {

void widenColumnsToContents(QTableView* view) {
    QPointer<QTableView> guard(view);
    QMetaObject::invokeMethod(
        view,
        [guard] {
            if (!guard || !guard->model()) return;
            auto* header = guard->horizontalHeader();
            const int last = header->count() - 1;
            for (int c = 0; c <= last; ++c) {
                if (header->isSectionHidden(c) ||
                    (header->stretchLastSection() && header->visualIndex(c) == last))
                    continue;
                const int want =
                    qMax(static_cast<QAbstractItemView*>(guard.data())->sizeHintForColumn(c),
                         header->sectionSizeHint(c));
                if (header->sectionSize(c) < want) header->resizeSection(c, want);
            }
        },
        Qt::QueuedConnection);
}

} // namespace tl::ui
