#pragma once
// The one way a console beside the service (docs/console.md "Beside the service") changes the
// data directory: a method of the typed door (client/api.h, docs/api.md "Resources") called on
// the service of its data directory. Blocking: called on the worker thread of runEngineTask /
// runCatalogTask / a runner, never on the GUI thread. The call's error is logged here, once, and
// becomes the text the page shows.
#include <QString>
#include <functional>
#include <string>

#include "client/api.h"

namespace tl {
class Engine;
}

namespace tl::ui {

// One change through the typed door: its error, or nothing when it was done.
using ApiCall = std::function<Status(client::Api&)>;

// Calls `call` on the typed door of the service of `home`; "" when it succeeded, else the
// error's message. `what` names the change in the log ("pool add Weekly").
QString callService(const std::string& home, const std::string& what, const ApiCall& call);

// True when `engine` is a console's read-only engine beside its data directory's service, so
// its changes go through callService.
bool besideService(const Engine& engine);

// The work of a page's task: `local` when the console holds the data directory itself; beside
// the service, `call` through the typed door of the service (its error as the result).
std::function<QString()> apiOrLocal(const Engine& engine, std::string what, ApiCall call,
                                    std::function<QString()> local);

// The Status of a typed call whose answer the page does not need.
template <typename T> Status done(const Result<T>& r) {
    if (!r) return r.error();
    return {};
}

} // namespace tl::ui
