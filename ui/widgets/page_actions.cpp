#include "widgets/page_actions.h"

#include <QAction>
#include <QPushButton>
#include <QWidget>

namespace tl::ui {

QAction* addPageAction(QWidget* page, const QString& text, const QKeySequence& key,
                       const QString& tip) {
    auto* a = new QAction(text, page);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    a->setToolTip(tip);
    page->addAction(a);
    return a;
}

QHBoxLayout* actionButtonBar(QWidget* page, std::initializer_list<QAction*> actions) {
    auto* bar = new QHBoxLayout;
    for (auto* a : actions) {
        auto* b = new QPushButton(a->text(), page);
        b->setToolTip(a->toolTip());
        b->setAccessibleName(a->toolTip());
        QObject::connect(b, &QPushButton::clicked, a, &QAction::trigger);
        bar->addWidget(b);
    }
    bar->addStretch(1);
    return bar;
}

} // namespace tl::ui
