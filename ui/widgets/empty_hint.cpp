#include "widgets/empty_hint.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QEvent>

namespace tl::ui {

EmptyHint::EmptyHint(QAbstractItemView* view, const QString& text)
    : QLabel(text, view->viewport()), view_(view) {
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setMargin(24);
    setForegroundRole(QPalette::PlaceholderText);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAccessibleName(tr("Hint"));
    view->viewport()->installEventFilter(this);
    auto* model = view->model();
    connect(model, &QAbstractItemModel::modelReset, this, &EmptyHint::follow);
    connect(model, &QAbstractItemModel::layoutChanged, this, &EmptyHint::follow);
    connect(model, &QAbstractItemModel::rowsInserted, this, &EmptyHint::follow);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &EmptyHint::follow);
    follow();
}

bool EmptyHint::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->viewport() && event->type() == QEvent::Resize)
        setGeometry(view_->viewport()->rect());
    return QLabel::eventFilter(watched, event);
}

void EmptyHint::follow() {
    setGeometry(view_->viewport()->rect());
    setVisible(view_->model() && view_->model()->rowCount() == 0);
}

} // namespace tl::ui
