#pragma once
// The one way a console beside the service (docs/console.md "Beside the service") changes the
// data directory: the change is the service's command, the one `tapeloom-cli` would send
// (POST /v1/commands or the command's action route, docs/api.md), followed as a task until it
// ends. Its exit code and what it printed on stderr become the error the page shows; what it
// printed on stdout is its success text. Blocking: called on the worker thread of
// runEngineTask / runCatalogTask / a runner, never on the GUI thread.
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridge/typed_door.h"

namespace tl {
class Engine;
}

namespace tl::ui {

// A command of `tapeloom-cli` as the service runs it: "volume label", "library load",
// "pool add", "job define", "schedule add"…, its words and its options (an option's value is a
// string, a list of strings, or true for a flag).
struct ServiceCommand {
    ServiceCommand() = default;
    ServiceCommand(std::string command, std::vector<std::string> arguments = {},
                   nlohmann::json options = nlohmann::json::object())
        : command(std::move(command)), arguments(std::move(arguments)),
          options(std::move(options)) {}

    std::string command;
    std::vector<std::string> arguments;
    nlohmann::json options = nlohmann::json::object();

    nlohmann::json request() const { return {{"arguments", arguments}, {"options", options}}; }
};

// How the command's task ended.
struct ServiceCommandEnd {
    bool ran = false; // the task ran to its end (else the service refused it or was lost)
    int exitCode = 0;
    std::string out, err; // all it printed
    QString error;        // empty when it ran and exited 0; else the text to show
};

// Starts `cmd` in the service of `home` and follows its task until it ends. While `cancel` is
// set the service is asked (once) to cancel the task; `onOutput`, when given, gets each new
// piece of the task's stdout as it comes (for a progress line).
ServiceCommandEnd runServiceCommand(const std::string& home, const ServiceCommand& cmd,
                                    const std::atomic<bool>* cancel = nullptr,
                                    const std::function<void(const std::string&)>& onOutput = {});

// The work of a page's task: `local` when the console holds the data directory itself; beside
// the service, the command `cmd` run there (its error as the result; `output`, when given,
// receives its stdout, trimmed, for the success message).
std::function<QString()> serviceOrLocal(const Engine& engine, ServiceCommand cmd,
                                        std::function<QString()> local,
                                        std::shared_ptr<QString> output = {});

} // namespace tl::ui
