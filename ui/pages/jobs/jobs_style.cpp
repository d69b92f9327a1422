#include "pages/jobs/jobs_style.h"

#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QSettings>
#include <QTableView>

#include "widgets/layout_settings.h"
#include "widgets/table_columns.h"

namespace tl::ui {

namespace {
QColor errorColor(const QPalette& p) {
    const bool dark = p.color(QPalette::Window).lightness() < 128;
    return dark ? QColor(255, 120, 110) : QColor(176, 0, 32);
}
} // namespace

void styleAsError(QLabel* label) {
    auto p = label->palette();
    p.setColor(QPalette::WindowText, errorColor(label->palette()));
    label->setPalette(p);
}

void showStatus(QLabel* label, const QString& text, bool error) {
    label->setText(text);
    if (error) {
        styleAsError(label);
    } else {
        label->setPalette(QPalette());
    }
}

void setUpTable(QTableView* view, const QString& key, const QString& accessibleName) {
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setSortingEnabled(true);
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setAccessibleName(accessibleName);
    auto* header = view->horizontalHeader();
    const QString settingsKey = layoutKey(key); // per data directory
    const bool restored = header->restoreState(QSettings().value(settingsKey).toByteArray());
    view->setProperty("tlFitColumns", !restored);
    widenColumnsToContents(view); // titles whole, also before the first row (and in German)
    // Saved on every change (QSettings caches; written to disk later), so no destructor order
    // matters.
    QObject::connect(header, &QHeaderView::sectionResized, header, [header, settingsKey] {
        QSettings().setValue(settingsKey, header->saveState());
    });
    QObject::connect(header, &QHeaderView::sectionMoved, header, [header, settingsKey] {
        QSettings().setValue(settingsKey, header->saveState());
    });
    QObject::connect(header, &QHeaderView::sortIndicatorChanged, header, [header, settingsKey] {
        QSettings().setValue(settingsKey, header->saveState());
    });
}

void fitColumnsOnce(QTableView* view) {
    if (!view->model() || view->model()->rowCount() == 0) return;
    if (!view->property("tlFitColumns").toBool()) {
        widenColumnsToContents(view); // later rows with longer text are not cut either
        return;
    }
    view->setProperty("tlFitColumns", false);
    // Once the view has laid out its new rows (sizes of hidden or unpolished rows are unknown).
    QMetaObject::invokeMethod(
        view, [view] { view->resizeColumnsToContents(); }, Qt::QueuedConnection);
}

} // namespace tl::ui
