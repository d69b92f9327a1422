// The Library page's actions: robot moves, off-site marks and the inventory, each a call of the
// service's typed door (bridge/typed_door.h) on a worker thread as a task of the TaskBoard
// (runEngineTask). Moves, off-site
// marks and a reconcile change where cartridges are outside any job's reservations, so they
// run alone (TaskKind::Exclusive); an inventory only reads and runs beside jobs.
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <memory>

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"
#include "pages/library/difference_model.h"
#include "pages/library/library_ops.h"
#include "pages/library/library_page.h"
#include "pages/library/library_view.h"

namespace tl::ui {

using device::ElementType;

namespace {
// The typed door's call of move `m` in library `lib` with `storage` storage slots (mail slot N
// is element storage + N).
ApiCall moveCall(const LibraryMove& m, const std::string& lib, int storage) {
    return [m, lib, storage](client::Api& api) -> Status {
        switch (m.kind) {
        case MoveKind::Load:
            return done(api.load(lib, {m.slot, m.drive}));
        case MoveKind::Unload:
            return done(api.unload(lib, {m.drive, m.to_slot}));
        case MoveKind::Transfer:
            return done(api.transfer(lib, {m.slot, m.to_slot.value_or(0)}));
        case MoveKind::Export:
            return done(api.export_cartridge(lib, {m.slot, m.to_slot.value_or(0) - storage}));
        case MoveKind::Import:
            return done(api.import_cartridge(lib, {m.slot - storage, m.to_slot.value_or(0)}));
        }
        return make_error(ErrorKind::InvalidArgument, "unknown library move");
    };
}
} // namespace

QString LibraryPage::moveText(const LibraryMove& m, bool done) const {
    const auto& inv = snap_.inventory;
    const QString bc = QString::fromStdString(m.barcode);
    const QString from =
        m.kind == MoveKind::Unload
            ? MovePlanner::describe(inv, {ElementType::Drive, m.drive})
            : MovePlanner::describe(inv, {m.slot > int(inv.storage.size()) ? ElementType::MailSlot
                                                                           : ElementType::Slot,
                                          m.slot});
    QString to;
    if (m.kind == MoveKind::Load)
        to = MovePlanner::describe(inv, {ElementType::Drive, m.drive});
    else if (m.to_slot)
        to = MovePlanner::describe(
            inv, {*m.to_slot > int(inv.storage.size()) ? ElementType::MailSlot : ElementType::Slot,
                  *m.to_slot});
    if (!done) return tr("Moving %1 from %2 to %3…").arg(bc, from, to);
    switch (m.kind) {
    case MoveKind::Load:
        return tr("Loaded %1 into %2.").arg(bc, to);
    case MoveKind::Unload:
        return tr("Unloaded %1 from %2 to %3.").arg(bc, from, to);
    case MoveKind::Transfer:
        return tr("Moved %1 from %2 to %3.").arg(bc, from, to);
    case MoveKind::Export:
        return tr("Exported %1 to %2: take it out and mark it off-site.").arg(bc, to);
    case MoveKind::Import:
        return tr("Imported %1 from %2 into %3.").arg(bc, from, to);
    }
    return {};
}

bool LibraryPage::requestMove(Place from, std::optional<Place> to) {
    if (moving_) {
        showStatus(tr("A move is in progress; wait until it ends."), true);
        return false;
    }
    const auto plan =
        MovePlanner::plan(snap_.inventory, QString::fromStdString(snap_.library), from, to);
    if (!plan.move) {
        showStatus(tr("Refused: %1").arg(plan.refusal), true);
        return false;
    }
    std::optional<Place> target = to;
    if (!target && plan.move->to_slot) target = Place{ElementType::Slot, *plan.move->to_slot};
    startMove(*plan.move, from, target);
    return moving_;
}

void LibraryPage::startMove(const LibraryMove& m, Place from, std::optional<Place> to) {
    const std::string lib = snap_.library;
    QString whyNot;
    const TaskSpec spec{tr("Library move of %1").arg(QString::fromStdString(m.barcode)),
                        TaskKind::Exclusive};
    const int storage = int(snap_.inventory.storage.size());
    const bool started = runEngineTask(
        board_, this, spec,
        throughService(door_, "library move of " + m.barcode, moveCall(m, lib, storage)),
        [this, m](const QString& error) {
            moving_ = false;
            progress_->hide();
            view_->setMoving(std::nullopt, std::nullopt);
            if (error.isEmpty()) {
                showStatus(moveText(m, true), false);
                if (m.kind == MoveKind::Export) {
                    exported_ = QString::fromStdString(m.barcode);
                    offsite_->setText(tr("Mark %1 &off-site…").arg(exported_));
                    offsite_->show();
                }
            } else {
                showStatus(tr("The move failed: %1").arg(error), true);
            }
            refresh();
            Q_EMIT moveFinished(error);
        },
        &whyNot);
    if (!started) {
        showStatus(tr("Not now: %1").arg(whyNot), true);
        return;
    }
    moving_ = true;
    offsite_->hide();
    progress_->show();
    view_->setMoving(from, to);
    showStatus(moveText(m, false), false);
}

bool LibraryPage::load(int slot, int drive) {
    const bool mail = slot > int(snap_.inventory.storage.size());
    return requestMove({mail ? ElementType::MailSlot : ElementType::Slot, slot},
                       Place{ElementType::Drive, drive});
}

bool LibraryPage::unload(int drive, std::optional<int> slot) {
    std::optional<Place> to;
    if (slot) to = Place{ElementType::Slot, *slot};
    return requestMove({ElementType::Drive, drive}, to);
}

bool LibraryPage::transfer(int fromSlot, int toSlot) {
    const int storage = int(snap_.inventory.storage.size());
    auto at = [storage](int n) {
        return Place{n > storage ? ElementType::MailSlot : ElementType::Slot, n};
    };
    return requestMove(at(fromSlot), at(toSlot));
}

bool LibraryPage::exportCartridge(int slot, int mail) {
    return requestMove({ElementType::Slot, slot},
                       Place{ElementType::MailSlot, int(snap_.inventory.storage.size()) + mail});
}

bool LibraryPage::importCartridge(int mail, int slot) {
    return requestMove({ElementType::MailSlot, int(snap_.inventory.storage.size()) + mail},
                       Place{ElementType::Slot, slot});
}

bool LibraryPage::markExportedOffsite() {
    if (exported_.isEmpty()) return false;
    const QString site = askSite_ ? askSite_(exported_) : QString();
    if (site.isEmpty()) return false;
    return markOffsite(exported_, site);
}

bool LibraryPage::markOffsite(const QString& barcode, const QString& site) {
    if (site.trimmed().isEmpty()) {
        showStatus(tr("Give the location where %1 goes.").arg(barcode), true);
        return false;
    }
    const std::string lib = snap_.library, bc = barcode.toStdString(),
                      where = site.trimmed().toStdString();
    QString whyNot;
    const TaskSpec spec{tr("Mark %1 off-site").arg(barcode), TaskKind::Exclusive};
    const bool started = runEngineTask(
        board_, this, spec,
        throughService(door_, "volume mark " + bc + " offsite",
                       [bc, where, lib](client::Api& api) {
                           client::VolumeChange c;
                           c.site = where;
                           c.library = lib;
                           return done(api.change_volume(bc, c));
                       }),
        [this, barcode, site](const QString& error) {
            if (error.isEmpty()) {
                showStatus(tr("%1 is recorded outside at %2.").arg(barcode, site.trimmed()), false);
                if (barcode == exported_) {
                    exported_.clear();
                    offsite_->hide();
                }
            } else {
                showStatus(tr("Cannot mark %1 off-site: %2").arg(barcode, error), true);
            }
            refresh();
            Q_EMIT offsiteMarked(barcode, error);
        },
        &whyNot);
    if (!started) showStatus(tr("Not now: %1").arg(whyNot), true);
    return started;
}

bool LibraryPage::runInventory() {
    return startInventory(false);
}

bool LibraryPage::reconcile() {
    if (confirm_ &&
        !confirm_(tr("Record in the catalog where the changer of %1 has every cartridge? "
                     "Unknown cartridges are added as blank, missing ones recorded outside.")
                      .arg(QString::fromStdString(snap_.library))))
        return false;
    return startInventory(true);
}

namespace {
// The typed door's inventory of `lib` (POST /v1/libraries/{name}/reconcile): with `apply` the
// differences are recorded in the catalog, else only found (dry run); they come back in `out`.
ApiCall inventoryCall(const std::string& lib, bool apply,
                      std::shared_ptr<std::vector<media::Difference>> out) {
    return [lib, apply, out](client::Api& api) -> Status {
        auto d = apply ? api.reconcile(lib) : api.differences(lib);
        if (!d) return d.error();
        *out = std::move(d.value());
        return {};
    };
}
} // namespace

bool LibraryPage::startInventory(bool apply) {
    const std::string lib = snap_.library;
    auto result = std::make_shared<std::vector<media::Difference>>();
    QString whyNot;
    const TaskSpec spec{apply ? tr("Reconcile") : tr("Inventory"),
                        apply ? TaskKind::Exclusive : TaskKind::Job};
    const bool started = runEngineTask(
        board_, this, spec,
        throughService(door_, (apply ? "library reconcile " : "library inventory ") + lib,
                       inventoryCall(lib, apply, result)),
        [this, apply, result](const QString& error) {
            if (error.isEmpty()) {
                const int n = int(result->size());
                diffs_->setDifferences(std::move(*result));
                table_->resizeColumnsToContents();
                const QString lib = QString::fromStdString(snap_.library);
                QString what;
                if (n == 0)
                    what = tr("Inventory of %1: the catalog and the changer agree.").arg(lib);
                else if (apply)
                    what = tr("Inventory of %1: %n difference(s), recorded in the catalog.", "", n)
                               .arg(lib);
                else
                    what = tr("Inventory of %1: %n difference(s); the catalog is unchanged "
                              "(Reconcile catalog records them).",
                              "", n)
                               .arg(lib);
                diffsTitle_->setText(what);
                showStatus(what, false);
            } else {
                showStatus(tr("The inventory failed: %1").arg(error), true);
            }
            refresh();
            Q_EMIT inventoryFinished(error);
        },
        &whyNot);
    if (!started) showStatus(tr("Not now: %1").arg(whyNot), true);
    return started;
}

} // namespace tl::ui
