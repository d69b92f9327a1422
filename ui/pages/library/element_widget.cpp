#include "pages/library/element_widget.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QDrag>
#include <QMimeData>
#include <QPainter>
#include <QPainterPath>

#include "pages/library/volume_colors.h"

namespace tl::ui {

using device::ElementType;

ElementWidget::ElementWidget(Place place, QWidget* parent) : QWidget(parent), place_(place) {
    setFocusPolicy(Qt::StrongFocus);
    setAcceptDrops(true);
    setAttribute(Qt::WA_Hover);
}

void ElementWidget::setContent(const ElementContent& c) {
    content_ = c;
    setToolTip(c.tooltip);
    setAccessibleName(c.name);
    setAccessibleDescription(c.detail.isEmpty() ? c.note : c.detail);
    update();
}

void ElementWidget::setMoving(bool moving) {
    if (moving_ == moving) return;
    moving_ = moving;
    update();
}

QSize ElementWidget::sizeHint() const {
    const QFontMetrics fm(font());
    const int line = fm.height();
    if (place_.type == ElementType::Drive)
        return {fm.horizontalAdvance(QLatin1Char('M')) * 18, line * 4 + 16};
    return {fm.horizontalAdvance(QLatin1Char('M')) * 9, line * 3 + 12};
}

QByteArray ElementWidget::encode(Place p) {
    return QByteArray::number(static_cast<int>(p.type)) + ',' + QByteArray::number(p.number);
}

bool ElementWidget::decode(const QByteArray& data, Place* p) {
    const auto parts = data.split(',');
    if (parts.size() != 2) return false;
    bool ok1 = false, ok2 = false;
    const int t = parts[0].toInt(&ok1), n = parts[1].toInt(&ok2);
    if (!ok1 || !ok2 || t < 0 || t > static_cast<int>(ElementType::MailSlot)) return false;
    *p = {static_cast<ElementType>(t), n};
    return true;
}

void ElementWidget::paintCartridge(QPainter& p, const QRectF& r) const {
    QPainterPath path;
    path.addRoundedRect(r, 3, 3);
    p.fillPath(path, content_.fill);
    p.setPen(QPen(content_.fill.darker(140), 1));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    QFont f = font();
    f.setBold(true);
    f.setStyleHint(QFont::Monospace);
    f.setFamily(QStringLiteral("monospace"));
    p.setFont(f);
    p.setPen(VolumeColors::textOn(content_.fill));
    p.drawText(r, Qt::AlignCenter,
               content_.barcode.isEmpty() ? tr("(no barcode)") : content_.barcode);
}

void ElementWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QRectF frame = QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5);
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(
        pal.color(place_.type == ElementType::Drive ? QPalette::AlternateBase : QPalette::Base));
    p.drawRoundedRect(frame, 4, 4);

    const QFontMetrics fm(font());
    const int line = fm.height();
    QRectF text = frame.adjusted(6, 3, -6, -3);
    p.setPen(pal.color(QPalette::Text));
    QFont title = font();
    title.setBold(place_.type == ElementType::Drive);
    p.setFont(title);
    p.drawText(QRectF(text.left(), text.top(), text.width(), line),
               Qt::AlignLeft | Qt::AlignVCenter, content_.title);
    p.setFont(font());
    if (!content_.note.isEmpty()) {
        // The pool and state beside the title, so both read whatever the colors show.
        const int titleWidth = fm.horizontalAdvance(content_.title) + 8;
        p.setPen(pal.color(QPalette::PlaceholderText));
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        p.drawText(QRectF(text.left() + titleWidth, text.top(), text.width() - titleWidth, line),
                   Qt::AlignRight | Qt::AlignVCenter,
                   QFontMetrics(small).elidedText(content_.note, Qt::ElideRight,
                                                  int(text.width()) - titleWidth));
        p.setFont(font());
    }
    if (place_.type == ElementType::Drive) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRectF(text.left(), text.bottom() - line, text.width(), line),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(content_.detail, Qt::ElideRight, int(text.width())));
    }
    const QRectF cart(text.left(), text.top() + line + 2, text.width(),
                      text.height() - line * (place_.type == ElementType::Drive ? 2 : 1) - 4);
    if (content_.full) {
        paintCartridge(p, cart);
    } else {
        p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(cart, 3, 3);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(cart, Qt::AlignCenter, tr("empty"));
    }
    if (moving_ || dropHover_ || hasFocus()) {
        QColor c = moving_ ? QColor(0xff, 0x8f, 0x00) : pal.color(QPalette::Highlight);
        p.setPen(QPen(c, 2.5, moving_ ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(frame.adjusted(1, 1, -1, -1), 4, 4);
    }
}

void ElementWidget::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) pressPos_ = e->position().toPoint();
    setFocus(Qt::MouseFocusReason);
    QWidget::mousePressEvent(e);
}

void ElementWidget::mouseMoveEvent(QMouseEvent* e) {
    if (!(e->buttons() & Qt::LeftButton) || !content_.full) return;
    if ((e->position().toPoint() - pressPos_).manhattanLength() < QApplication::startDragDistance())
        return;
    auto* drag = new QDrag(this);
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kMimeType), encode(place_));
    mime->setText(content_.barcode);
    drag->setMimeData(mime);
    QPixmap pm(size());
    pm.fill(Qt::transparent);
    render(&pm, {}, {}, RenderFlag::DrawChildren);
    drag->setPixmap(pm.scaled(pm.size() * 0.8, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    drag->exec(Qt::MoveAction);
}

void ElementWidget::dragEnterEvent(QDragEnterEvent* e) {
    Place from;
    if (!e->mimeData()->hasFormat(QString::fromLatin1(kMimeType)) ||
        !decode(e->mimeData()->data(QString::fromLatin1(kMimeType)), &from) || from == place_)
        return;
    dropHover_ = true;
    update();
    e->acceptProposedAction();
}

void ElementWidget::dragLeaveEvent(QDragLeaveEvent*) {
    dropHover_ = false;
    update();
}

void ElementWidget::dropEvent(QDropEvent* e) {
    dropHover_ = false;
    update();
    Place from;
    if (!decode(e->mimeData()->data(QString::fromLatin1(kMimeType)), &from)) return;
    e->acceptProposedAction();
    Q_EMIT dropped(from, place_);
}

void ElementWidget::keyPressEvent(QKeyEvent* e) {
    switch (e->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        Q_EMIT navigate(this, e->key());
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        Q_EMIT activated(place_);
        return;
    default:
        QWidget::keyPressEvent(e);
    }
}

void ElementWidget::contextMenuEvent(QContextMenuEvent* e) {
    const QPoint at =
        e->reason() == QContextMenuEvent::Mouse ? e->globalPos() : mapToGlobal(rect().center());
    Q_EMIT menuRequested(place_, at);
}

void ElementWidget::focusInEvent(QFocusEvent* e) {
    update();
    QWidget::focusInEvent(e);
}

void ElementWidget::focusOutEvent(QFocusEvent* e) {
    update();
    QWidget::focusOutEvent(e);
}

} // namespace tl::ui
