#include "context.h"

#include <iostream>

#include "common/log.h"
#include "exit_codes.h"

namespace tl::cli {

Context::Context(Args args, std::string home, std::ostream& out, std::ostream& err)
    : args_(std::move(args)), home_(std::move(home)), out_(out), err_(err) {}

Context::~Context() = default;

Result<Engine*> Context::engine() {
    if (!engine_) {
        EngineOptions o;
        o.home = home_;
        auto e = Engine::open(o);
        if (!e) return e.error();
        engine_ = std::move(e.value());
    }
    return engine_.get();
}

int Context::fail(const Error& e) {
    log::get("cli")->error("{}", e.message);
    err_ << "tapeloom-cli: error: " << e.message << "\n";
    if (json()) print_json({{"error", {{"kind", to_string(e.kind)}, {"message", e.message}}}});
    return exit_code_for(e.kind);
}

void Context::print_json(const nlohmann::json& j) {
    out_ << j.dump(2) << "\n";
}

} // namespace tl::cli
