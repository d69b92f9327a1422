#pragma once
// A label that keeps its height whatever it says: a fixed number of text lines is reserved
// from the start, so a message that appears, grows or clears never moves the widgets around
// it (issue 18, item 14). Text longer than the reserved lines is elided at the end; the whole
// text is the tooltip and the accessible description. GUI thread only.
#include <QLabel>

namespace tl::ui {

class MessageLine final : public QLabel {
    Q_OBJECT
public:
    explicit MessageLine(int lines = 1, QWidget* parent = nullptr);

    void setMessage(const QString& text);
    QString message() const { return full_; }
    int reservedLines() const { return lines_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void reserve();
    void relayout();

    int lines_;
    QString full_;
};

} // namespace tl::ui
