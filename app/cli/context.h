#pragma once
// What a CLI command gets: its parsed arguments, output streams, the --json switch and a lazily
// opened Engine on the chosen data directory.
#include <functional>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/engine.h"
#include "args.h"

namespace tl::cli {

class Context {
public:
    Context(Args args, std::string home, std::ostream& out, std::ostream& err);
    ~Context();

    const Args& args() const { return args_; }
    const std::string& home() const { return home_; }
    bool json() const { return args_.has("json"); }
    std::ostream& out() { return out_; }
    std::ostream& err() { return err_; }

    // Opens the engine on first use (takes the home's lock). With the hidden test option
    // --now EPOCH the engine's calendar clock starts at EPOCH (unix seconds) and runs on.
    Result<Engine*> engine();

    // Reports `e` on stderr (and as {"error":...} on stdout with --json), logs it, and returns
    // the exit code for its kind.
    int fail(const Error& e);
    // Prints a JSON document (pretty) on stdout.
    void print_json(const nlohmann::json& j);

private:
    Args args_;
    std::string home_;
    std::ostream& out_;
    std::ostream& err_;
    std::unique_ptr<Clock> clock_; // --now EPOCH (tests): the engine's clock
    std::unique_ptr<Engine> engine_;
};

struct Command {
    std::vector<std::string> path; // e.g. {"library", "inventory"}
    std::string usage;             // options after the path, e.g. "[--library NAME]"
    std::string summary;           // one line for --help
    std::set<std::string> options; // allowed options taking a value, besides the global ones
    std::set<std::string> flags;   // allowed boolean options
    std::function<int(Context&)> run;
};

using Registry = std::vector<Command>;

// Each file under commands/ adds its commands here (see commands.cpp).
Registry all_commands();

} // namespace tl::cli
