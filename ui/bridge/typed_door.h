#pragma once
// The console's typed door (client/api.h, docs/api.md "Resources"): every change a page makes,
// and every read a page converted to it, is a method of client::Api called on the service the
// console shows: the service of its data directory (its Unix socket), or a remote service over
// HTTPS with a token (DoorAddress). Blocking: called on the worker thread of runEngineTask /
// runCatalogTask / a runner, never on the GUI thread. A call's error is logged here, once, and
// becomes the text the page shows.
#include <QString>
#include <functional>
#include <memory>
#include <string>

#include "bridge/read_failures.h"

#include "client/api.h"
#include "client/service_api.h"
#include "client/service_client.h"

namespace tl::ui {

// Where the console's typed door leads: the service of the data directory `home`, or, when
// `remote.url` is set, a service on another machine.
struct DoorAddress {
    std::string home;
    client::RemoteService remote;
    // The reads failing now, shared by the copies of this address (each failure logged once).
    std::shared_ptr<ReadFailures> failures = std::make_shared<ReadFailures>();
    bool isRemote() const { return !remote.url.empty(); }
};

// The host of a remote service's URL (what the pages name as "the service's machine"); "" for
// the data directory's own service.
QString remoteHost(const DoorAddress& door);

// A client of the service at `door`: one per call or per thread, never shared between threads.
client::ServiceClient openClient(const DoorAddress& door);

// One change or read through the typed door: its error, or nothing when it was done.
using ApiCall = std::function<Status(client::Api&)>;

// Calls `call` on the typed door at `door`; "" when it succeeded, else the error's message.
// `what` names the change in the log ("pool add Weekly").
QString callService(const DoorAddress& door, const std::string& what, const ApiCall& call);
// The same on the service of the data directory `home`.
QString callService(const std::string& home, const std::string& what, const ApiCall& call);

// A read through the typed door at `door`: `read`'s result, its error logged once under `what`.
template <typename T>
Result<T> readService(const DoorAddress& door, const std::string& what,
                      const std::function<Result<T>(client::Api&)>& read);

// The work of a page's task: `call` through the typed door at `door`, its error as the result
// ("" when done). A page has no other way to change anything (issue 38).
std::function<QString()> throughService(DoorAddress door, std::string what, ApiCall call);

// The Status of a typed call whose answer the page does not need.
template <typename T> Status done(const Result<T>& r) {
    if (!r) return r.error();
    return {};
}

// Logs a failed read through the door ("ui" logger) once while it keeps failing with the same
// error (at debug level after that); the same error back.
Error doorReadFailed(const DoorAddress& door, const std::string& what, const Error& e);
// Logs that a read which failed before works again.
void doorReadSucceeded(const DoorAddress& door, const std::string& what);

template <typename T>
Result<T> readService(const DoorAddress& door, const std::string& what,
                      const std::function<Result<T>(client::Api&)>& read) {
    auto c = openClient(door);
    client::ServiceApi api(c);
    auto r = read(api);
    if (!r) return doorReadFailed(door, what, r.error());
    doorReadSucceeded(door, what);
    return r;
}

} // namespace tl::ui
