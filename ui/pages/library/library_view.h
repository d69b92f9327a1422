#pragma once
// The autochanger drawn as what it is: the drives (with the loaded cartridge and the drive's
// state) on the left, the storage slots in rows of six, the mail slots below, and a legend of
// the colors. Each element is a focusable ElementWidget; arrow keys move the focus to the
// nearest element in that direction. Drops, Enter and context-menu requests are forwarded as
// signals with the element's Place: the page decides and runs the move. GUI thread only.
#include <QWidget>
#include <map>
#include <optional>
#include <vector>

#include "pages/library/element_widget.h"
#include "pages/library/library_snapshot.h"
#include "pages/library/volume_colors.h"

class QGridLayout;
class QGroupBox;
class QLabel;

namespace tl::ui {

class LibraryView final : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSlotsPerRow = 6;

    explicit LibraryView(QWidget* parent = nullptr);

    // Shows `s` colored `by`; the widgets are rebuilt only when the library's shape changed,
    // so the focus stays where it was across refreshes.
    void setSnapshot(const LibrarySnapshot& s, ColorBy by);
    ElementWidget* element(Place p) const;
    std::vector<ElementWidget*> elements() const;
    // Marks the source and target of the move in progress (nullopt clears).
    void setMoving(std::optional<Place> from, std::optional<Place> to);
    QString legendText() const;

Q_SIGNALS:
    void dropped(tl::ui::Place from, tl::ui::Place to);
    void menuRequested(tl::ui::Place p, const QPoint& globalPos);
    void activated(tl::ui::Place p);

private:
    void rebuild(const LibrarySnapshot& s);
    ElementWidget* add(Place p, QGridLayout* grid, int row, int col);
    void navigate(ElementWidget* from, int key);
    static int key(Place p) { return static_cast<int>(p.type) * 100000 + p.number; }

    QGroupBox* drivesBox_;
    QGroupBox* slotsBox_;
    QGroupBox* mailBox_;
    QGridLayout* drivesGrid_;
    QGridLayout* slotsGrid_;
    QGridLayout* mailGrid_;
    QLabel* legend_;
    std::map<int, ElementWidget*> elements_;
    std::string shape_; // library name and element counts of the widgets built
};

} // namespace tl::ui
