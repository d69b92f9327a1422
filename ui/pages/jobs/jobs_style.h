#pragma once
// Small shared helpers of the Jobs page's widgets: inline error text legible in light and
// dark palettes, and table set-up with the column layout remembered in QSettings.
// GUI thread only.
#include <QString>

class QLabel;
class QTableView;

namespace tl::ui {

// Colours `label` as an error (red, lighter on a dark palette).
void styleAsError(QLabel* label);
// Shows `text` in `label`: as an error, or in the normal text colour.
void showStatus(QLabel* label, const QString& text, bool error);
// Row selection, sorting by Qt::UserRole keys of a proxy, no editing, and the header state
// restored from / saved to QSettings under layoutKey(`key`), per data directory (saved on each
// change).
void setUpTable(QTableView* view, const QString& key, const QString& accessibleName);
// The first time the view has rows and no remembered layout: columns sized to their contents;
// after that, columns narrower than their contents are widened.
void fitColumnsOnce(QTableView* view);

} // namespace tl::ui
