#pragma once
// Opens the console's door (docs/console.md "Beside the service", "A remote service"): the
// service of a data directory on this machine, or a remote service over HTTPS with a token. The
// console never opens an Engine or the catalog: both are the same program path, a DoorAddress.
// A local data directory whose service does not run gets one started first (autostart, as the
// CLI does: `tapeloom-cli service start`, detached, its log in <home>/logs/), unless autostart
// is off: then NotFound, naming the data directory and the command that starts its service; Io
// when it cannot start. A remote service that does not answer: Io naming its URL; one that
// refuses the token: the refusal (client::is_refusal).
#include <QString>

#include "bridge/typed_door.h"
#include "common/result.h"

namespace tl::ui {

struct ConsoleAutostart {
    bool enabled = false;
    QString cli; // the tapeloom-cli that starts the service
};

// `enabled` unless `noAutostartFlag` or $TAPELOOM_AUTOSTART=0; the tapeloom-cli next to this
// program.
ConsoleAutostart consoleAutostart(bool noAutostartFlag);

// The remote service of --connect URL --token T (else $TAPELOOM_TOKEN) --ca-cert F; an
// InvalidArgument naming the option when the URL is not https:// or no token is given.
Result<client::RemoteService> remoteService(const std::string& url, const std::string& token,
                                            const std::string& caCert);

// `door` once its service answers (started first for a local data directory, see above).
Result<DoorAddress> openConsoleDoor(DoorAddress door, const ConsoleAutostart& autostart = {});

// How the window names the service it shows: "Data directory: DIR" or "Service: URL".
QString doorTitle(const DoorAddress& door);

} // namespace tl::ui
