// The Library page's context menus: what can be done with one element, the default action
// first (bold; what Enter runs). Every entry goes through requestMove(), as a drop does.
#include <QMenu>

#include "pages/library/library_page.h"

namespace tl::ui {

using device::Element;
using device::ElementType;

namespace {
QString barcodeOf(const Element& e) {
    return e.barcode.empty() ? QStringLiteral("?") : QString::fromStdString(e.barcode);
}
} // namespace

QMenu* LibraryPage::menuFor(Place p) {
    const auto& inv = snap_.inventory;
    const Element* e = MovePlanner::element(inv, p);
    auto* menu = new QMenu(this);
    if (!e) return menu;
    const int storage = int(inv.storage.size());
    auto add = [this, menu](QMenu* into, const QString& label, Place from,
                            std::optional<Place> to) {
        auto* a = into->addAction(label);
        connect(a, &QAction::triggered, this, [this, from, to] { requestMove(from, to); });
        if (!menu->defaultAction()) menu->setDefaultAction(a);
        return a;
    };
    auto slotMenu = [&](const QString& title, Place from, bool wantFull) {
        auto* sub = menu->addMenu(title);
        for (const auto& s : inv.storage)
            if (s.full == wantFull && !(Place{ElementType::Slot, s.number} == from))
                connect(sub->addAction(wantFull ? tr("Slot %1 (%2)").arg(s.number).arg(barcodeOf(s))
                                                : tr("Slot %1").arg(s.number)),
                        &QAction::triggered, this, [this, from, n = s.number, wantFull] {
                            if (wantFull)
                                requestMove({ElementType::Slot, n}, from);
                            else
                                requestMove(from, Place{ElementType::Slot, n});
                        });
        sub->setEnabled(!sub->isEmpty());
    };
    const QString bc = barcodeOf(*e);
    switch (p.type) {
    case ElementType::Drive:
        if (e->full) {
            if (e->source_slot)
                add(menu, tr("Unload %1 to its home slot %2").arg(bc).arg(*e->source_slot), p,
                    std::nullopt);
            slotMenu(tr("Unload to slot"), p, false);
            menu->addAction(tr("Export (unload it first)"))->setEnabled(false);
        } else {
            slotMenu(tr("Load from slot"), p, true);
        }
        break;
    case ElementType::Slot:
        if (e->full) {
            for (const auto& d : inv.drives)
                if (!d.full)
                    add(menu, tr("Load %1 into drive %2").arg(bc).arg(d.number), p,
                        Place{ElementType::Drive, d.number});
            for (const auto& m : inv.mail_slots)
                if (!m.full)
                    add(menu, tr("Export %1 to mail slot %2").arg(bc).arg(m.number - storage), p,
                        Place{ElementType::MailSlot, m.number});
            slotMenu(tr("Move to slot"), p, false);
        } else {
            for (const auto& d : inv.drives)
                if (d.full)
                    add(menu, tr("Unload drive %1 (%2) here").arg(d.number).arg(barcodeOf(d)),
                        Place{ElementType::Drive, d.number}, p);
            for (const auto& m : inv.mail_slots)
                if (m.full)
                    add(menu,
                        tr("Import %1 from mail slot %2 here")
                            .arg(barcodeOf(m))
                            .arg(m.number - storage),
                        Place{ElementType::MailSlot, m.number}, p);
        }
        break;
    case ElementType::MailSlot:
        if (e->full) {
            for (const auto& s : inv.storage)
                if (!s.full) {
                    add(menu, tr("Import %1 into slot %2").arg(bc).arg(s.number), p,
                        Place{ElementType::Slot, s.number});
                    break;
                }
            slotMenu(tr("Import into slot"), p, false);
            auto* off = menu->addAction(tr("Mark %1 off-site…").arg(bc));
            connect(off, &QAction::triggered, this, [this, bc] {
                const QString site = askSite_ ? askSite_(bc) : QString();
                if (!site.isEmpty()) markOffsite(bc, site);
            });
        } else {
            slotMenu(tr("Export from slot"), p, true);
        }
        break;
    }
    if (menu->isEmpty()) menu->addAction(tr("Nothing to do here"))->setEnabled(false);
    return menu;
}

void LibraryPage::showMenu(Place p, const QPoint& globalPos) {
    QMenu* menu = menuFor(p);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos, menu->defaultAction());
}

bool LibraryPage::activate(Place p) {
    std::unique_ptr<QMenu> menu(menuFor(p));
    QAction* a = menu->defaultAction();
    if (!a || !a->isEnabled()) {
        showStatus(tr("Nothing to do with %1 by default; open its context menu (Menu key).")
                       .arg(MovePlanner::describe(snap_.inventory, p)),
                   false);
        return false;
    }
    a->trigger();
    return true;
}

} // namespace tl::ui
