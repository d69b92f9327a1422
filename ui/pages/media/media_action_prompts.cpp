// MediaActions: the questions behind the toolbar actions (pool, pattern, location, force).
// Each collects its input and calls the action, which confirms and runs it.
#include "pages/media/media_action_dialog.h"
#include "pages/media/media_actions.h"

namespace tl::ui {

void MediaActions::askLabel(const QString& barcode, const QStringList& pools, const QString& pool) {
    if (barcode.isEmpty()) return (void)refuseEmpty(barcode);
    MediaActionDialog d(
        tr("Label %1").arg(barcode),
        tr("Write a Tapeloom label on cartridge %1 and add it to a pool.").arg(barcode), parent_);
    d.askPool(pools, pool);
    if (d.exec() == QDialog::Accepted) label(barcode, d.pool());
}

void MediaActions::askLabelAll(const QStringList& pools, const QString& pool) {
    MediaActionDialog d(tr("Label all blank cartridges"),
                        tr("Label every blank cartridge of the library, one after the other in a "
                           "free drive, then put them back in their slots. A cartridge holding "
                           "anything is skipped and listed."),
                        parent_);
    d.askPool(pools, pool);
    d.askText(tr("&Barcodes:"), tr("all (or a pattern such as TLO00*)"), false);
    if (d.exec() == QDialog::Accepted) labelAllBlank(d.pool(), d.text());
}

void MediaActions::askRelabel(const QString& barcode, const QStringList& pools, const QString& pool,
                              qint64 jobs) {
    if (barcode.isEmpty()) return (void)refuseEmpty(barcode);
    MediaActionDialog d(tr("Relabel %1").arg(barcode),
                        tr("Write a new label on volume %1. It is refused while the volume "
                           "holds data under retention, unless forced.")
                            .arg(barcode),
                        parent_);
    d.askPool(pools, pool);
    d.askForce(tr("Force: overwrite its data and purge its jobs from the catalog"));
    if (d.exec() == QDialog::Accepted) relabel(barcode, d.pool(), d.force(), jobs);
}

void MediaActions::askRecycle(const QString& barcode) {
    if (barcode.isEmpty()) return (void)refuseEmpty(barcode);
    MediaActionDialog d(tr("Recycle %1").arg(barcode),
                        tr("Make volume %1 recyclable: the next backup of its pool relabels and "
                           "overwrites it. Refused while it holds data under retention, unless "
                           "forced.")
                            .arg(barcode),
                        parent_);
    d.askForce(tr("Force: give up its data (its jobs are purged when it is relabeled)"));
    if (d.exec() == QDialog::Accepted) recycle(barcode, d.force());
}

void MediaActions::askLocation(const QString& barcode, bool moving) {
    if (barcode.isEmpty()) return (void)refuseEmpty(barcode);
    MediaActionDialog d(
        moving ? tr("Move %1").arg(barcode) : tr("Mark %1 off-site").arg(barcode),
        moving ? tr("Record that cartridge %1 is now at another location.").arg(barcode)
               : tr("Record that cartridge %1 left the library (it must be in a mail slot or "
                    "outside already).")
                     .arg(barcode),
        parent_);
    d.askText(tr("&Location:"), tr("e.g. Vault A"), true);
    if (d.exec() != QDialog::Accepted) return;
    if (moving)
        move(barcode, d.text());
    else
        markOffsite(barcode, d.text());
}

void MediaActions::askMark(const QString& barcode, media::VolumeEvent event,
                           const QString& question) {
    if (barcode.isEmpty()) return (void)refuseEmpty(barcode);
    if (confirm(question.arg(barcode))) mark(barcode, event);
}

} // namespace tl::ui
