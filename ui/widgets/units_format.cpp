#include "widgets/units_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSettings>
#include <optional>

namespace tl::ui {

namespace {
std::optional<UnitSystem>& cached() {
    static std::optional<UnitSystem> units;
    return units;
}

} // namespace

UnitSystem unitSystemFromKey(const QString& key) {
    return key == QLatin1String("iec") ? UnitSystem::Iec : UnitSystem::Si;
}

QString unitSystemKey(UnitSystem units) {
    return units == UnitSystem::Iec ? QStringLiteral("iec") : QStringLiteral("si");
}

UnitSystem unitSystem() {
    auto& c = cached();
    if (!c)
        c = unitSystemFromKey(
            QSettings().value(QStringLiteral("ui/units"), QStringLiteral("si")).toString());
    return *c;
}

void setUnitSystem(UnitSystem units) {
    cached() = units;
}

QString formatBytes(quint64 bytes) {
    return formatBytes(bytes, unitSystem());
}

QString formatRate(double bytesPerSecond) {
    return formatRate(bytesPerSecond, unitSystem());
}

QString formatBytes(quint64 bytes, UnitSystem units) {
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1,
                                       units == UnitSystem::Iec ? QLocale::DataSizeIecFormat
                                                                : QLocale::DataSizeSIFormat);
}

QString formatRate(double bytesPerSecond, UnitSystem units) {
    // One unit for every rate (MB/s or MiB/s): rates are compared across drives and jobs, so a
    // column switching between kB/s and MB/s would mislead more than it helps.
    const QLocale loc;
    if (units == UnitSystem::Iec)
        return QCoreApplication::translate("tl::ui::UnitsFormat", "%1 MiB/s")
            .arg(loc.toString(bytesPerSecond / (1024.0 * 1024.0), 'f', 1));
    return QCoreApplication::translate("tl::ui::UnitsFormat", "%1 MB/s")
        .arg(loc.toString(bytesPerSecond / 1e6, 'f', 1));
}

QString formatJobRate(double bytesPerSecond, quint64 bytes) {
    if (bytes == 0 || !(bytesPerSecond > 0))
        return QCoreApplication::translate("tl::ui::UnitsFormat", "—");
    return formatRate(bytesPerSecond);
}

QString rateUnit() {
    return unitSystem() == UnitSystem::Iec
               ? QCoreApplication::translate("tl::ui::UnitsFormat", "MiB/s")
               : QCoreApplication::translate("tl::ui::UnitsFormat", "MB/s");
}

double rateUnitBytes() {
    return unitSystem() == UnitSystem::Iec ? 1024.0 * 1024.0 : 1e6;
}

} // namespace tl::ui
