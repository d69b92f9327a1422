#pragma once
// The one place the console turns byte counts and rates into text, honouring the Settings
// page's choice "ui/units": "si" (decimal: MB, MB/s, as drives are rated) or "iec" (binary:
// MiB, MiB/s). The choice is read from QSettings on first use and cached; the Settings page
// calls setUnitSystem() when the administrator changes it, so views formatting afterwards
// follow at once. GUI thread only (the cache is not synchronized).
#include <QString>
#include <QtGlobal>

namespace tl::ui {

enum class UnitSystem { Si, Iec };

UnitSystem unitSystem();
void setUnitSystem(UnitSystem units);
// "si" / "iec" as stored under "ui/units"; anything else reads as si.
UnitSystem unitSystemFromKey(const QString& key);
QString unitSystemKey(UnitSystem units);

QString formatBytes(quint64 bytes);        // "1.5 GB" or "1.4 GiB"
QString formatRate(double bytesPerSecond); // "123.4 MB/s" or "117.7 MiB/s"
QString formatBytes(quint64 bytes, UnitSystem units);
QString formatRate(double bytesPerSecond, UnitSystem units);
// A job's rate: "—" when it moved no bytes or has no rate (a rate of headers read in a
// millisecond is no rate), else formatRate().
QString formatJobRate(double bytesPerSecond, quint64 bytes);
// The unit of formatRate() ("MB/s" or "MiB/s") and its bytes per second, for graphs' axes.
QString rateUnit();
double rateUnitBytes();

} // namespace tl::ui
