// MediaPage: the volume actions (toolbar, context menu, shortcuts) and the public functions
// that run them on the selected volume through MediaActions.
#include <QAction>
#include <QTableView>
#include <QToolBar>

#include "pages/media/media_actions.h"
#include "pages/media/media_page.h"
#include "pages/media/pool_table_model.h"
#include "pages/media/pools_panel.h"
#include "pages/media/volume_table_model.h"

namespace tl::ui {

void MediaPage::buildActions() {
    auto add = [this](const QString& text, const QString& tip, QKeySequence key, auto slot) {
        auto* a = new QAction(text, this);
        a->setToolTip(key.isEmpty()
                          ? tip
                          : tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) +
                                QLatin1Char(')'));
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a); // the shortcut works anywhere in the page
        qactions_.push_back(a);
        return a;
    };
    using E = media::VolumeEvent;
    add(tr("&Label…"), tr("Label the selected blank cartridge into a pool"),
        QKeySequence(Qt::CTRL | Qt::Key_L),
        [this] { volumeActions_->askLabel(selectedBarcode(), poolNames(), defaultPool()); });
    add(tr("Label &all blank…"), tr("Label every blank cartridge of the library into a pool"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
        [this] { volumeActions_->askLabelAll(poolNames(), defaultPool()); });
    add(tr("&Relabel…"), tr("Label the selected volume again (its data is lost)"), {}, [this] {
        const VolumeRow* row = selectedRow();
        volumeActions_->askRelabel(selectedBarcode(), poolNames(),
                                   row && !row->volume.pool.empty()
                                       ? QString::fromStdString(row->volume.pool)
                                       : defaultPool(),
                                   row ? row->volume.jobs : 0);
    });
    add(tr("Re&cycle…"), tr("Make the selected volume recyclable"), {},
        [this] { volumeActions_->askRecycle(selectedBarcode()); });
    add(tr("Mark &read-only"), tr("Protect the selected volume from writing"), {}, [this] {
        volumeActions_->askMark(selectedBarcode(), E::MarkReadOnly,
                                tr("Mark volume %1 read-only? Backups stop writing to it."));
    });
    add(tr("Mark &disabled"), tr("Take the selected volume out of use"), {}, [this] {
        volumeActions_->askMark(selectedBarcode(), E::Disable,
                                tr("Disable volume %1? Backups and restores stop using it."));
    });
    add(tr("Mark da&maged"), tr("Record the selected volume as damaged (error state)"), {}, [this] {
        volumeActions_->askMark(selectedBarcode(), E::IoError,
                                tr("Mark volume %1 damaged? It goes to the error state; a "
                                   "restore uses another copy where one exists."));
    });
    add(tr("&Enable"), tr("Put a read-only, disabled or damaged volume back into use"), {},
        [this] { markSelected(E::Enable); });
    add(tr("Mark &off-site…"), tr("Record that the selected cartridge left for a location"), {},
        [this] { volumeActions_->askLocation(selectedBarcode(), false); });
    add(tr("Mark o&n-site"), tr("Record that the selected cartridge is back"), {},
        [this] { markOnsiteSelected(); });
    add(tr("&Move to…"), tr("Record that the selected cartridge moved to another location"), {},
        [this] { volumeActions_->askLocation(selectedBarcode(), true); });
    add(tr("Re&fresh"), tr("Read the pools and volumes again"), QKeySequence(Qt::Key_F5),
        [this] { refresh(); });
    for (std::size_t i = 0; i < qactions_.size(); ++i) {
        toolbar_->addAction(qactions_[i]);
        view_->addAction(qactions_[i]);
        if (i == 1 || i == 3 || i == 7 || i == 10) toolbar_->addSeparator();
    }
    toolbar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar_->setAccessibleName(tr("Volume actions"));
}

QAction* MediaPage::action(Action a) const {
    return qactions_.at(static_cast<std::size_t>(a));
}

void MediaPage::updateActions() {
    const VolumeRow* row = selectedRow();
    const bool idle = !volumeActions_->running();
    const bool known = row && row->known;
    const bool blank = row && row->volume.state == media::VolumeState::Blank;
    action(Action::Label)->setEnabled(idle && blank);
    action(Action::LabelAllBlank)->setEnabled(idle);
    for (auto a : {Action::Relabel, Action::Recycle, Action::MarkReadOnly, Action::MarkDisabled,
                   Action::MarkDamaged, Action::MarkEnabled, Action::MarkOffsite,
                   Action::MarkOnsite, Action::Move})
        action(a)->setEnabled(idle && known);
}

QStringList MediaPage::poolNames() const {
    return pools_->model()->names();
}

bool MediaPage::labelSelected(const QString& pool) {
    return volumeActions_->label(selectedBarcode(), pool);
}

bool MediaPage::labelAllBlank(const QString& pool, const QString& barcodePattern) {
    return volumeActions_->labelAllBlank(pool, barcodePattern);
}

bool MediaPage::relabelSelected(const QString& pool, bool force) {
    const VolumeRow* row = selectedRow();
    return volumeActions_->relabel(selectedBarcode(), pool, force, row ? row->volume.jobs : 0);
}

bool MediaPage::recycleSelected(bool force) {
    return volumeActions_->recycle(selectedBarcode(), force);
}

bool MediaPage::markSelected(media::VolumeEvent event) {
    return volumeActions_->mark(selectedBarcode(), event);
}

bool MediaPage::markOffsiteSelected(const QString& location) {
    return volumeActions_->markOffsite(selectedBarcode(), location);
}

bool MediaPage::markOnsiteSelected() {
    return volumeActions_->markOnsite(selectedBarcode());
}

bool MediaPage::moveSelected(const QString& location) {
    return volumeActions_->move(selectedBarcode(), location);
}

} // namespace tl::ui
