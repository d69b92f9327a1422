#include "context.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

#include "catalog/catalog_location.h"
#include "client/service_client.h"
#include "common/log.h"
#include "exit_codes.h"

namespace tl::cli {

namespace {
// The hidden --now EPOCH (system tests of retention): the system clock's calendar time shifted
// so that it starts at EPOCH; monotonic time and sleeps stay real.
class ShiftedClock final : public Clock {
public:
    explicit ShiftedClock(long long epoch)
        : offset_(std::chrono::system_clock::time_point{std::chrono::seconds(epoch)} -
                  std::chrono::system_clock::now()) {}
    Mono now() const override { return real_.now(); }
    Wall wall() const override { return real_.wall() + offset_; }
    void sleep_for(std::chrono::nanoseconds d) override { real_.sleep_for(d); }

private:
    SystemClock real_;
    std::chrono::system_clock::duration offset_;
};
} // namespace

Context::Context(Args args, std::string home, std::ostream& out, std::ostream& err)
    : args_(std::move(args)), home_(std::move(home)), out_(out), err_(err) {}

Context::~Context() = default;

Result<Engine*> Context::engine() {
    if (!engine_) {
        EngineOptions o;
        o.home = home_;
        o.read_only = read_only_;
        if (args_.has("now")) {
            const std::string v = args_.get("now");
            char* end = nullptr;
            const long long epoch = std::strtoll(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || epoch <= 0)
                return make_error(ErrorKind::InvalidArgument,
                                  "--now expects unix seconds, not '" + v + "'");
            clock_ = std::make_unique<ShiftedClock>(epoch);
            o.clock = clock_.get();
        }
        auto e = Engine::open(o);
        if (!e) return e.error();
        engine_ = std::move(e.value());
    }
    return engine_.get();
}

int Context::fail(const Error& error) {
    // A catalog URL in a message never shows its password.
    const Error e{error.kind, catalog::without_passwords(error.message)};
    // The terminal gets the error once, as the line below; the log file keeps its own line.
    log::record_only("cli")->error("{}", e.message);
    err_ << "tapeloom-cli: error: " << e.message << "\n";
    // The service refusing the caller (token, peer) has an exit code of its own (docs/cli.md).
    const bool refused = client::is_refusal(e);
    if (json())
        print_json({{"error",
                     {{"kind", refused ? "refused" : to_string(e.kind)}, {"message", e.message}}}});
    return refused ? kRefused : exit_code_for(e.kind);
}

void Context::print_json(const nlohmann::json& j) {
    out_ << j.dump(2) << "\n";
}

} // namespace tl::cli
