#include "pages/library/element_text.h"

#include "common/units.h"
#include "device/changer_rules.h"
#include "media/reconcile.h"
#include "widgets/job_text.h"

namespace tl::ui {

using device::ElementType;

QString ElementText::driveState(const std::string& state) {
    if (state == "loaded") return tr("loaded");
    if (state == "empty") return tr("empty");
    return QString::fromStdString(state); // a running job's activity, as the dashboard shows it
}

QString ElementText::jobActivity(const std::string& state) {
    // A job's drive that is idle waits for the job's data (a source, the catalog).
    if (state == "idle") return tr("waiting for data");
    return JobText::activity(QString::fromStdString(state));
}

QString ElementText::catalogLocation(const media::VolumeRecord& v, int storageSlots) {
    switch (v.location) {
    case media::Location::Library:
        return v.slot > 0 ? tr("slot %1 of %2").arg(v.slot).arg(QString::fromStdString(v.library))
                          : tr("in %1").arg(QString::fromStdString(v.library));
    case media::Location::Mail:
        return tr("mail slot %1 of %2")
            .arg(v.slot > storageSlots ? v.slot - storageSlots : v.slot)
            .arg(QString::fromStdString(v.library));
    case media::Location::Outside:
        return tr("outside at %1").arg(QString::fromStdString(v.site));
    }
    return {};
}

ElementContent ElementText::describe(const LibrarySnapshot& s, Place p, ColorBy by) {
    ElementContent c;
    const auto& inv = s.inventory;
    const int storage = static_cast<int>(inv.storage.size());
    switch (p.type) {
    case ElementType::Drive:
        c.title = tr("Drive %1").arg(p.number);
        break;
    case ElementType::Slot:
        c.title = tr("Slot %1").arg(p.number);
        break;
    case ElementType::MailSlot:
        c.title = tr("Mail %1").arg(p.number - storage);
        break;
    }
    const device::Element* e = MovePlanner::element(inv, p);
    if (!e) return c;
    c.full = e->full;
    c.barcode = QString::fromStdString(e->barcode);
    const media::VolumeRecord* v = e->full ? s.volume(e->barcode) : nullptr;
    c.fill = VolumeColors::fill(v, by);
    const QString pool = VolumeColors::poolName(v);
    const QString state = v ? VolumeColors::stateName(v->state) : QString();
    QString who = c.title, driveWords;
    if (p.type == ElementType::Drive && static_cast<std::size_t>(p.number) < s.drives.size()) {
        const auto& d = s.drives[static_cast<std::size_t>(p.number)];
        who = tr("Drive %1 (%2)").arg(p.number).arg(QString::fromStdString(d.name));
        // A drive a job uses is busy with that job: its activity there, never "idle".
        driveWords = d.job ? tr("busy: job %1, %2").arg(d.job).arg(jobActivity(d.state))
                     : e->full && e->source_slot
                         ? tr("%1, from slot %2").arg(driveState(d.state)).arg(*e->source_slot)
                         : driveState(d.state);
        c.note = QString::fromStdString(d.name);
        c.detail = driveWords;
    } else if (e->full) {
        c.note = v ? tr("%1, %2").arg(pool, state) : pool;
    }
    if (!e->full) {
        c.name = tr("%1: empty").arg(who);
        c.tooltip = c.name;
        return c;
    }
    const QString bc = c.barcode.isEmpty() ? tr("(no barcode)") : c.barcode;
    c.name =
        v ? tr("%1: %2, %3, %4").arg(who, bc, pool, state) : tr("%1: %2, %3").arg(who, bc, pool);
    if (p.type == ElementType::Drive) c.name += tr(", %1").arg(driveWords);
    const QString here = QString::fromStdString(media::describe_position(inv, e->barcode));
    QString tip = QStringLiteral("<b>%1</b>").arg(bc.toHtmlEscaped());
    auto row = [&tip](const QString& k, const QString& val) {
        tip += QStringLiteral("<br>%1: %2").arg(k.toHtmlEscaped(), val.toHtmlEscaped());
    };
    row(tr("Pool"), pool);
    if (v) {
        row(tr("State"), state);
        row(tr("Used space"),
            tr("%1 of %2")
                .arg(QString::fromStdString(format_bytes(std::uint64_t(v->bytes))),
                     v->capacity > 0
                         ? QString::fromStdString(format_bytes(std::uint64_t(v->capacity)))
                         : tr("unknown")));
    }
    row(tr("Location"), tr("%1 of %2").arg(here, QString::fromStdString(s.library)));
    if (v) row(tr("Catalog"), catalogLocation(*v, storage));
    c.tooltip = tip;
    return c;
}

} // namespace tl::ui
