#pragma once
// A page's actions with their keyboard shortcut, and the row of buttons that triggers them: the
// same action works from the key (while the page has focus) and from its button.
#include <QHBoxLayout>
#include <QKeySequence>
#include <QString>

#include <initializer_list>

class QAction;
class QWidget;

namespace tl::ui {

// An action of `page` with `key` (active within the page and its children) and `tip`.
QAction* addPageAction(QWidget* page, const QString& text, const QKeySequence& key,
                       const QString& tip);
// A row of buttons, one per action, in order, then stretch.
QHBoxLayout* actionButtonBar(QWidget* page, std::initializer_list<QAction*> actions);

} // namespace tl::ui
