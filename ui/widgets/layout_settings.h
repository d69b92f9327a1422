#pragma once
// The window layout is remembered per data directory (issue 18, item 18): two data
// directories (a production catalog and a test one) each keep their window geometry, splitters,
// table columns, the page and tab shown and the library chosen. Preferences (units, poll
// interval, language, defaults for new jobs, the next data directory) stay per user.
// The data directory is a fact of the process, set once by the main window before its pages
// are built; layoutKey() then turns a layout key into its per-directory QSettings key.
// GUI thread only.
#include <QString>

namespace tl::ui {

void setLayoutDataDirectory(const QString& home);
// "layout/<12 hex digits of the data directory's path hash>/<key>"; unscoped ("layout/-/key")
// before setLayoutDataDirectory (pages built alone, as in tests).
QString layoutKey(const QString& key);

} // namespace tl::ui
