#pragma once
// What to do first, written across an item view while its model has no rows ("No job
// definitions yet: New… (Ctrl+N) …"); it goes away with the first row and comes back when the
// last one goes. The hint is a child of the view's viewport and follows its size.
// GUI thread only.
#include <QLabel>

class QAbstractItemView;

namespace tl::ui {

class EmptyHint final : public QLabel {
    Q_OBJECT
public:
    EmptyHint(QAbstractItemView* view, const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void follow(); // shown while the model has no rows, over the whole viewport
    QAbstractItemView* view_;
};

} // namespace tl::ui
