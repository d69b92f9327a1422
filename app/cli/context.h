#pragma once
// What a CLI command gets: its parsed arguments, output streams, the --json switch and a lazily
// opened Engine on the chosen data directory.
#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "args.h"
#include "context/engine.h"

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

    // Opens the engine on first use: read-only (no lock) for a command that only reads, else
    // taking the home's lock. With the hidden test option --now EPOCH the engine's calendar
    // clock starts at EPOCH (unix seconds) and runs on.
    Result<Engine*> engine();
    // Set once by main() from Command::reads_only, before the command runs.
    void set_read_only(bool read_only) { read_only_ = read_only; }

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
    bool read_only_ = false;
};

// Whether a command, given its arguments, only reads the catalog and the changer's inventory:
// it then opens the engine read-only and answers while another process holds the data directory.
using ReadsOnly = std::function<bool(const Args&)>;
inline bool reads_always(const Args&) {
    return true;
}

struct Command {
    std::vector<std::string> path; // e.g. {"library", "inventory"}
    std::string usage;             // options after the path, e.g. "[--library NAME]"
    std::string summary;           // one line for --help
    std::set<std::string> options; // allowed options taking a value, besides the global ones
    std::set<std::string> flags;   // allowed boolean options
    std::function<int(Context&)> run;
    ReadsOnly reads_only = {}; // empty: the command may write, it takes the lock
};

using Registry = std::vector<Command>;

// Marks the command just added as reading only (when `when` says so for its arguments).
inline void reads_only(Registry& r, ReadsOnly when = reads_always) {
    r.back().reads_only = std::move(when);
}

// Each file under commands/ adds its commands here (see commands.cpp).
Registry all_commands();

} // namespace tl::cli
