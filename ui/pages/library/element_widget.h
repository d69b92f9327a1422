#pragma once
// One element of the drawn autochanger (a drive, a storage slot or a mail slot) as a focusable
// child widget: it paints its cartridge (barcode on the state/pool color) or its emptiness,
// carries an accessible name and description ("Slot 3: TLO003L9, Default, Append"), starts a
// drag of its cartridge, accepts drops and forwards arrow keys, Enter and the context menu to
// the view. It decides nothing: moves are judged by the page. GUI thread only.
#include <QColor>
#include <QWidget>

#include "pages/library/move_planner.h"

namespace tl::ui {

// What an element shows; built by ElementText from a snapshot.
struct ElementContent {
    QString title;   // "Slot 3", "Drive 0", "Mail 1"
    QString barcode; // "" when empty
    QString note;    // beside the title: a slot's pool and state, a drive's device name
    QString detail;  // under a drive's cartridge: its state and source slot
    QColor fill;     // cartridge color
    QString tooltip; // rich text
    QString name;    // accessible name
    bool full = false;
};

class ElementWidget final : public QWidget {
    Q_OBJECT
public:
    static constexpr const char* kMimeType = "application/x-tapeloom-library-element";

    ElementWidget(Place place, QWidget* parent = nullptr);
    Place place() const { return place_; }
    const ElementContent& content() const { return content_; }
    void setContent(const ElementContent& c);
    // Outlines the element as the source or target of the move in progress.
    void setMoving(bool moving);
    bool moving() const { return moving_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

    // The drag payload for `p`, and back (false when `data` is not one).
    static QByteArray encode(Place p);
    static bool decode(const QByteArray& data, Place* p);

Q_SIGNALS:
    void dropped(tl::ui::Place from, tl::ui::Place to);
    void menuRequested(tl::ui::Place p, const QPoint& globalPos);
    void activated(tl::ui::Place p);
    void navigate(tl::ui::ElementWidget* from, int key);

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragLeaveEvent(QDragLeaveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void focusInEvent(QFocusEvent* e) override;
    void focusOutEvent(QFocusEvent* e) override;

private:
    void paintCartridge(QPainter& p, const QRectF& r) const;

    Place place_;
    ElementContent content_;
    bool moving_ = false;
    bool dropHover_ = false;
    QPoint pressPos_;
};

} // namespace tl::ui
