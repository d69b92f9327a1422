#include <ostream>

#include "commands/commands.h"

namespace tl::cli {

namespace {
// The headless demo: what README command 1 runs when there is no display. It grows with the
// product; today it opens (creating on first use) the embedded default data directory and
// prints its summary.
int demo(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto s = engine.value()->status();
    if (!s) return ctx.fail(s.error());
    if (ctx.json()) {
        ctx.print_json({{"home", s->home}, {"version", s->version}, {"libraries", s->libraries},
                        {"drives", s->drives}});
        return 0;
    }
    ctx.out() << "Tapeloom headless demo\n"
              << "  data directory : " << s->home << "\n"
              << "  catalog        : " << s->catalog_path << "\n"
              << "  libraries      : " << s->libraries << ", drives: " << s->drives << "\n";
    return 0;
}
} // namespace

void add_demo_commands(Registry& r) {
    r.push_back({{"demo"}, "", "run the headless demo on the embedded default library", {}, {}, demo});
}

} // namespace tl::cli
