#include "pages/jobs/jobs_style.h"

#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QSettings>
#include <QTableView>

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

void setUpTable(QTableView* view, const QString& settingsKey, const QString& accessibleName) {
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
    const bool restored = header->restoreState(QSettings().value(settingsKey).toByteArray());
    view->setProperty("tlFitColumns", !restored);
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
    if (!view->property("tlFitColumns").toBool() || !view->model() ||
        view->model()->rowCount() == 0)
        return;
    view->setProperty("tlFitColumns", false);
    // Once the view has laid out its new rows (sizes of hidden or unpolished rows are unknown).
    QMetaObject::invokeMethod(
        view, [view] { view->resizeColumnsToContents(); }, Qt::QueuedConnection);
}

} // namespace tl::ui
