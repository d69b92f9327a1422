#include "pages/library/library_view.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "pages/library/element_text.h"

namespace tl::ui {

using device::ElementType;

namespace {
void clearGrid(QGridLayout* g) {
    while (auto* item = g->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}
} // namespace

LibraryView::LibraryView(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Library drawing"));
    drivesBox_ = new QGroupBox(tr("Drives"), this);
    slotsBox_ = new QGroupBox(tr("Storage slots"), this);
    mailBox_ = new QGroupBox(tr("Mail slots (import/export)"), this);
    drivesGrid_ = new QGridLayout(drivesBox_);
    slotsGrid_ = new QGridLayout(slotsBox_);
    mailGrid_ = new QGridLayout(mailBox_);
    for (auto* g : {drivesGrid_, slotsGrid_, mailGrid_})
        g->setSpacing(6);
    legend_ = new QLabel(this);
    legend_->setAccessibleName(tr("Legend"));
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);

    auto* right = new QVBoxLayout;
    right->addWidget(slotsBox_);
    right->addWidget(mailBox_);
    right->addWidget(legend_);
    right->addStretch(1);
    auto* row = new QHBoxLayout;
    row->addWidget(drivesBox_, 0, Qt::AlignTop);
    row->addLayout(right, 1);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addLayout(row);
}

ElementWidget* LibraryView::add(Place p, QGridLayout* grid, int row, int col) {
    auto* w = new ElementWidget(p, grid->parentWidget());
    grid->addWidget(w, row, col);
    elements_[key(p)] = w;
    connect(w, &ElementWidget::dropped, this, &LibraryView::dropped);
    connect(w, &ElementWidget::menuRequested, this, &LibraryView::menuRequested);
    connect(w, &ElementWidget::activated, this, &LibraryView::activated);
    connect(w, &ElementWidget::navigate, this, &LibraryView::navigate);
    return w;
}

void LibraryView::rebuild(const LibrarySnapshot& s) {
    elements_.clear();
    for (auto* g : {drivesGrid_, slotsGrid_, mailGrid_})
        clearGrid(g);
    const auto& inv = s.inventory;
    for (std::size_t i = 0; i < inv.drives.size(); ++i)
        add({ElementType::Drive, inv.drives[i].number}, drivesGrid_, int(i), 0);
    for (std::size_t i = 0; i < inv.storage.size(); ++i)
        add({ElementType::Slot, inv.storage[i].number}, slotsGrid_, int(i) / kSlotsPerRow,
            int(i) % kSlotsPerRow);
    for (std::size_t i = 0; i < inv.mail_slots.size(); ++i)
        add({ElementType::MailSlot, inv.mail_slots[i].number}, mailGrid_, 0, int(i));
    mailGrid_->setColumnStretch(int(inv.mail_slots.size()), 1);
    drivesBox_->setVisible(!inv.drives.empty());
    mailBox_->setVisible(!inv.mail_slots.empty());
    // Tab order follows the drawing: drives, slots row by row, mail slots.
    QWidget* prev = nullptr;
    for (auto* w : elements()) {
        if (prev) setTabOrder(prev, w);
        prev = w;
    }
}

void LibraryView::setSnapshot(const LibrarySnapshot& s, ColorBy by) {
    const auto& inv = s.inventory;
    const std::string shape = s.library + "/" + std::to_string(inv.drives.size()) + "/" +
                              std::to_string(inv.storage.size()) + "/" +
                              std::to_string(inv.mail_slots.size());
    if (shape != shape_) {
        rebuild(s);
        shape_ = shape;
    }
    std::vector<const media::VolumeRecord*> shown;
    for (auto* w : elements()) {
        w->setContent(ElementText::describe(s, w->place(), by));
        if (const auto* e = MovePlanner::element(inv, w->place()); e && e->full)
            shown.push_back(s.volume(e->barcode));
    }
    QStringList parts;
    for (const auto& [label, color] : VolumeColors::legend(shown, by))
        parts << QStringLiteral("<span style=\"background-color:%1; color:%1\">&nbsp;&#9632;&nbsp;"
                                "</span>&nbsp;%2")
                     .arg(color.name(), label.toHtmlEscaped());
    legend_->setText(
        parts.isEmpty() ? QString() : tr("Legend: %1").arg(parts.join(QStringLiteral(" &nbsp; "))));
}

ElementWidget* LibraryView::element(Place p) const {
    auto it = elements_.find(key(p));
    return it == elements_.end() ? nullptr : it->second;
}

std::vector<ElementWidget*> LibraryView::elements() const {
    std::vector<ElementWidget*> out;
    for (const auto& [k, w] : elements_)
        out.push_back(w);
    return out;
}

void LibraryView::setMoving(std::optional<Place> from, std::optional<Place> to) {
    for (auto* w : elements())
        w->setMoving((from && w->place() == *from) || (to && w->place() == *to));
}

QString LibraryView::legendText() const {
    return legend_->text();
}

// The nearest element whose centre lies in the direction of the arrow (within a 45° cone),
// so the keys walk the drawing as it looks, across the drive column and the slot grid.
void LibraryView::navigate(ElementWidget* from, int k) {
    const QPointF c = from->mapTo(this, from->rect().center());
    ElementWidget* best = nullptr;
    double bestScore = std::numeric_limits<double>::max();
    for (auto* w : elements()) {
        if (w == from || !w->isVisible()) continue;
        const QPointF d = QPointF(w->mapTo(this, w->rect().center())) - c;
        double along = 0, across = 0;
        switch (k) {
        case Qt::Key_Left:
            along = -d.x(), across = d.y();
            break;
        case Qt::Key_Right:
            along = d.x(), across = d.y();
            break;
        case Qt::Key_Up:
            along = -d.y(), across = d.x();
            break;
        case Qt::Key_Down:
            along = d.y(), across = d.x();
            break;
        }
        if (along <= 1 || std::abs(across) > along) continue;
        const double score = along + 2 * std::abs(across);
        if (score < bestScore) bestScore = score, best = w;
    }
    if (best) best->setFocus(Qt::OtherFocusReason);
}

} // namespace tl::ui
