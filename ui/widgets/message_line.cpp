#include "widgets/message_line.h"

#include <QEvent>
#include <QFontMetrics>
#include <QTextLayout>

namespace tl::ui {

MessageLine::MessageLine(int lines, QWidget* parent) : QLabel(parent), lines_(qMax(1, lines)) {
    setWordWrap(false);
    setTextFormat(Qt::PlainText);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    reserve();
}

void MessageLine::setMessage(const QString& text) {
    full_ = text;
    setToolTip(text);
    setAccessibleDescription(text);
    relayout();
}

void MessageLine::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    relayout();
}

void MessageLine::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        reserve();
        relayout();
    }
}

void MessageLine::reserve() {
    const int margins = contentsMargins().top() + contentsMargins().bottom();
    setFixedHeight(fontMetrics().lineSpacing() * lines_ + margins);
}

// Breaks the text into at most lines_ lines of the label's width; the last one is elided.
void MessageLine::relayout() {
    const int width = qMax(1, contentsRect().width());
    QString text = full_;
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    QTextLayout layout(text, font());
    QStringList out;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (out.size() == lines_ - 1) { // the last reserved line takes the rest, elided
            QString rest = text.mid(line.textStart());
            rest.replace(QChar::LineSeparator, QLatin1Char(' '));
            out << fontMetrics().elidedText(rest.trimmed(), Qt::ElideRight, width);
            break;
        }
        out << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    QLabel::setText(out.join(QLatin1Char('\n')));
}

} // namespace tl::ui
