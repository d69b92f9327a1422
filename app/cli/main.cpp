// tapeloom-cli: every operation of Tapeloom, headless. See docs/cli.md.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>

#include "args.h"
#include "catalog/catalog_location.h"
#include "commands/commands.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "context.h"
#include "exit_codes.h"

namespace tl::cli {
namespace {
// "now": hidden, for tests only (docs/media.md): the engine clock starts at EPOCH seconds.
const std::set<std::string> kGlobalOptions = {"home",  "log-level", "now",    "connect",
                                              "token", "ca-cert",   "catalog"};
const std::set<std::string> kGlobalFlags = {"json", "help", "version", "no-autostart"};

// --now (tests only) is unix seconds from 1; checked here, as the service never sees it.
bool valid_now(const Args& args) {
    if (!args.has("now")) return true;
    const std::string v = args.get("now");
    char* end = nullptr;
    const long long epoch = std::strtoll(v.c_str(), &end, 10);
    return !v.empty() && *end == '\0' && epoch > 0;
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& w : v)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

// One command as --help lists it: its words and usage, then its summary.
void print_command(std::ostream& o, const Command& c) {
    o << "  " << join(c.path) << (c.usage.empty() ? "" : " " + c.usage) << "\n      " << c.summary
      << "\n";
}

// The commands of the group `word` (`files`, `volume`) under `heading`, as --help lists
// them. False, printing nothing, when `word` names no group.
bool print_group(std::ostream& o, const Registry& reg, const std::string& word,
                 const std::string& heading) {
    bool any = false;
    for (const auto& c : reg) {
        if (c.path.size() < 2 || c.path.front() != word) continue;
        if (!any) o << heading << "\n";
        any = true;
        print_command(o, c);
    }
    return any;
}

void print_help(std::ostream& o, const Registry& reg) {
    o << "Usage: tapeloom-cli [--home DIR] [--log-level LEVEL] [--json] COMMAND [OPTIONS]\n\n"
         "Tapeloom backs up many disk sources to tape libraries, catalogs every file and\n"
         "restores any of them. Every operation of the console is available here.\n\n"
         "Global options:\n"
         "  --home DIR         data directory (default $TAPELOOM_HOME, else "
         "$XDG_DATA_HOME/tapeloom)\n"
         "  --catalog URL      a PostgreSQL catalog (postgresql://USER@HOST/DB) instead of\n"
         "                     <home>/catalog.db (also $TAPELOOM_CATALOG, catalog use URL)\n"
         "  --log-level LEVEL  console log level: trace, debug, info, warn (default), error, off\n"
         "                     (also $TAPELOOM_LOG)\n"
         "  --json             machine-readable output for listing and status commands\n"
         "  --connect URL      a remote service (https://HOST:PORT) instead of this machine's\n"
         "  --token T          its bearer token (also $TAPELOOM_TOKEN); --ca-cert F: its CA\n"
         "  --no-autostart     refuse (exit 3) instead of starting the data directory's service\n"
         "  --help, -h         this help; COMMAND --help for one command\n"
         "  --version, -V      print the version\n\n"
         "Commands:\n";
    for (const auto& c : reg)
        print_command(o, c);
    o << "\nExit codes: 0 ok, 1 failure, 2 usage, 3 not found, 4 busy, 5 device refused,\n"
         "6 media missing, 7 partial, 8 warnings, 9 corrupt or foreign, 10 cancelled\n"
         "(docs/cli.md).\n";
}
} // namespace
} // namespace tl::cli

int main(int argc, char** argv) {
    using namespace tl;
    using namespace tl::cli;
    // A service that refuses a request closes the connection: a write then fails, not kills.
    std::signal(SIGPIPE, SIG_IGN);
    const Registry reg = all_commands();
    std::set<std::string> flags = kGlobalFlags;
    std::set<std::string> known = kGlobalOptions;
    for (const auto& c : reg) {
        flags.insert(c.flags.begin(), c.flags.end());
        known.insert(c.options.begin(), c.options.end());
    }

    auto parsed = Args::parse(argc, argv, flags, known);
    if (!parsed) {
        std::cerr << "tapeloom-cli: error: " << parsed.error().message << "\n";
        return kUsage;
    }
    Args args = std::move(parsed.value());
    // A script's empty variable in --home "$DIR" must not fall back to the default data
    // directory (and act on the real catalog).
    if (args.has("home") && args.get("home").empty()) {
        std::cerr << "tapeloom-cli: error: --home is empty; give the data directory, or leave "
                     "out --home to use $TAPELOOM_HOME or the default\n";
        return kUsage;
    }

    if (!valid_now(args)) {
        std::cerr << "tapeloom-cli: error: --now expects unix seconds, not '" << args.get("now")
                  << "'\n";
        return kUsage;
    }

    std::string level = args.get("log-level");
    if (level.empty())
        if (const char* env = std::getenv("TAPELOOM_LOG")) level = env;
    auto lvl = log::parse_level(level.empty() ? "warn" : level);
    if (!lvl) {
        std::cerr << "tapeloom-cli: error: " << lvl.error().message << "\n";
        return kUsage;
    }
    log::set_console(lvl.value());

    if (args.has("version") && args.words().empty()) {
        std::cout << "tapeloom-cli " << engine_version() << "\n";
        return kOk;
    }
    if (args.words().empty()) {
        print_help(args.has("help") ? std::cout : std::cerr, reg);
        return args.has("help") ? kOk : kUsage;
    }

    // The longest command path that matches the leading words.
    const Command* best = nullptr;
    for (const auto& c : reg) {
        if (c.path.size() > args.words().size()) continue;
        if (!std::equal(c.path.begin(), c.path.end(), args.words().begin())) continue;
        if (!best || c.path.size() > best->path.size()) best = &c;
    }
    // A group's word alone or with an unknown command: its commands.
    if (!best && args.has("help") && args.words().size() == 1 &&
        print_group(std::cout, reg, args.words().front(),
                    "Commands of '" + args.words().front() + "':"))
        return kOk;
    if (!best && print_group(std::cerr, reg, args.words().front(),
                             args.words().size() == 1
                                 ? "tapeloom-cli: error: '" + args.words().front() +
                                       "' needs one of its commands:"
                                 : "tapeloom-cli: error: unknown command '" + join(args.words()) +
                                       "'; those of '" + args.words().front() + "' are:"))
        return kUsage;
    if (!best) {
        std::cerr << "tapeloom-cli: error: unknown command '" << join(args.words())
                  << "'; run tapeloom-cli --help for the list\n";
        return kUsage;
    }
    if (args.has("help")) {
        std::cout << "Usage: tapeloom-cli " << join(best->path) << " " << best->usage << "\n  "
                  << best->summary << "\n";
        return kOk;
    }
    std::set<std::string> allowed = kGlobalOptions;
    allowed.insert(kGlobalFlags.begin(), kGlobalFlags.end());
    allowed.insert(best->options.begin(), best->options.end());
    allowed.insert(best->flags.begin(), best->flags.end());
    if (auto bad = args.unknown(allowed); !bad.empty()) {
        std::cerr << "tapeloom-cli: error: '" << join(best->path) << "' has no option --"
                  << bad.front() << "; usage: tapeloom-cli " << join(best->path) << " "
                  << best->usage << "\n";
        return kUsage;
    }
    if (auto st = check_remote_options(args); !st) {
        std::cerr << "tapeloom-cli: error: " << st.error().message << "\n";
        return kUsage;
    }
    if (args.has("connect") && !works_remotely(best->path)) {
        std::cerr << "tapeloom-cli: error: '" << join(best->path)
                  << "' runs on the service's machine only, not with --connect (remote: every "
                     "command but service start, serve, bench, demo, plan, key export, "
                     "token add|remove, catalog use|migrate and recover-catalog)\n";
        return kUsage;
    }
    // The catalog for this process and the service or jobs it starts (catalog_location.h).
    if (args.has("catalog")) {
        const std::string url = args.get("catalog");
        if (url.rfind("postgresql://", 0) != 0 && url.rfind("postgres://", 0) != 0) {
            std::cerr << "tapeloom-cli: error: --catalog takes a postgresql:// URL, not '"
                      << catalog::catalog_display_name(url) << "' (docs/catalog.md)\n";
            return kUsage;
        }
        ::setenv("TAPELOOM_CATALOG", url.c_str(), 1);
    }
    args.drop_words(best->path.size());
    std::string home = resolve_home(args.get("home"));
    Context ctx(std::move(args), std::move(home), std::cout, std::cerr);
    ctx.set_read_only(best->reads_only && best->reads_only(ctx.args()));
    try {
        return best->run(ctx);
    } catch (const std::exception& e) {
        return ctx.fail(make_error(ErrorKind::Internal, std::string("unexpected: ") + e.what()));
    }
}
