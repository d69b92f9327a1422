#include "pages/media/media_text.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <algorithm>

#include "widgets/units_format.h"

namespace tl::ui {

QString MediaText::bytes(qint64 bytes) {
    return formatBytes(static_cast<quint64>(std::max<qint64>(bytes, 0)));
}

QString MediaText::date(long long unix) {
    if (unix <= 0) return {};
    return QDateTime::fromSecsSinceEpoch(unix).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString MediaText::state(media::VolumeState s) {
    switch (s) {
    case media::VolumeState::Blank:
        return tr("blank");
    case media::VolumeState::Append:
        return tr("append");
    case media::VolumeState::Full:
        return tr("full");
    case media::VolumeState::Used:
        return tr("used");
    case media::VolumeState::Recyclable:
        return tr("recyclable");
    case media::VolumeState::Error:
        return tr("error");
    case media::VolumeState::ReadOnly:
        return tr("read-only");
    case media::VolumeState::Disabled:
        return tr("disabled");
    case media::VolumeState::Cleaning:
        return tr("cleaning");
    }
    return QString::fromUtf8(media::to_string(s));
}

void MediaText::styleProblem(QLabel* label) {
    QPalette pal = label->palette();
    const bool dark = pal.color(QPalette::Window).lightness() < 128;
    pal.setColor(QPalette::WindowText, dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20));
    label->setPalette(pal);
}

QString MediaText::purpose(const std::string& code) {
    if (code == "backup") return tr("backup");
    if (code == "archive") return tr("archive");
    if (code == "clone") return tr("clone");
    if (code == "scratch") return tr("scratch (lends blank volumes)");
    return QString::fromStdString(code);
}

QStringList MediaText::purposeCodes() {
    return {QStringLiteral("backup"), QStringLiteral("archive"), QStringLiteral("clone"),
            QStringLiteral("scratch")};
}

QString MediaText::changerPosition(const device::Inventory& inv, const std::string& barcode) {
    for (const auto& d : inv.drives)
        if (d.full && d.barcode == barcode)
            return d.source_slot ? tr("drive %1 (from slot %2)").arg(d.number).arg(*d.source_slot)
                                 : tr("drive %1").arg(d.number);
    for (const auto& s : inv.storage)
        if (s.full && s.barcode == barcode) return tr("slot %1").arg(s.number);
    for (const auto& m : inv.mail_slots)
        if (m.full && m.barcode == barcode) return tr("mail slot %1").arg(m.number);
    return {};
}

QString MediaText::location(const media::VolumeRecord& v, const QString& position) {
    const QString lib = QString::fromStdString(v.library);
    if (!position.isEmpty()) return tr("%1 %2").arg(lib, position);
    switch (v.location) {
    case media::Location::Library:
        return v.slot ? tr("%1 slot %2").arg(lib).arg(v.slot) : lib;
    case media::Location::Mail:
        return v.slot ? tr("%1 mail slot %2").arg(lib).arg(v.slot) : tr("%1 mail slot").arg(lib);
    case media::Location::Outside:
        return v.left_at > 0 ? tr("outside at %1 since %2")
                                   .arg(QString::fromStdString(v.site), date(v.left_at))
                             : tr("outside at %1").arg(QString::fromStdString(v.site));
    }
    return {};
}

} // namespace tl::ui
