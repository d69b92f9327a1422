// POST /v1/queries: a read command of the CLI (jobs list, volume ls, report, status...) run on
// the request's own thread with the service's engine, answered with what it printed and its
// exit code: {"exit_code", "out", "err"}, or with Accept: text/plain the output itself with the
// exit code and standard error in headers (docs/api.md "Lists and queries"). A read answers in
// one call; an action that runs for long is a task (task_routes.cpp).
#include <sstream>

#include "common/log.h"
#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/server_timing.h"

namespace tl::service {

Result<std::pair<std::string, nlohmann::json>> command_request(const std::string& body,
                                                               const std::string& path) {
    auto j = nlohmann::json::parse(body.empty() ? "{}" : body, nullptr, false);
    const auto shape_error =
        make_error(ErrorKind::InvalidArgument,
                   "POST " + path +
                       " takes {\"command\": \"jobs list\", \"arguments\": [WORD...], "
                       "\"options\": {NAME: VALUE or [VALUE...]}}");
    if (!j.is_object() || !j.contains("command") || !j["command"].is_string()) return shape_error;
    for (const auto& [key, value] : j.items())
        if (key != "command" && key != "arguments" && key != "options") return shape_error;
    if (j.contains("arguments") && !j["arguments"].is_array()) return shape_error;
    if (j.contains("options") && !j["options"].is_object()) return shape_error;
    std::string command = j["command"].get<std::string>();
    j.erase("command");
    return std::pair{std::move(command), std::move(j)};
}

namespace {
// Standard error longer than this goes in the JSON answer: a header line has a size limit.
constexpr std::size_t kMaxStderrHeader = 4096;

bool wants_text(const httplib::Request& req) {
    return req.get_header_value("Accept").find("text/plain") != std::string::npos;
}

void reply_output(const httplib::Request& req, httplib::Response& res, int code,
                  const std::string& out, const std::string& err) {
    res.status = 200;
    const std::string encoded_err = httplib::detail::encode_query_param(err);
    if (wants_text(req) && encoded_err.size() <= kMaxStderrHeader) {
        res.set_header(kExitCodeHeader, std::to_string(code));
        if (!err.empty()) res.set_header(kStderrHeader, encoded_err);
        res.set_content(out, "text/plain; charset=utf-8");
        return;
    }
    const nlohmann::json j = {{"exit_code", code}, {"out", out}, {"err", err}};
    // The output is the command's text: a name that is no UTF-8 is shown with U+FFFD.
    res.set_content(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                    "application/json");
}
} // namespace

void add_query_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/queries", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const HandlingTimer timer;
        auto q = command_request(req.body, req.path);
        if (!q) return reply_error(res, q.error());
        if (auto st = check_absolute_paths(q->first, q->second); !st)
            return reply_error(res, st.error());
        auto it = ctx.queries.find(q->first);
        if (it == ctx.queries.end())
            return reply_error(
                res, make_error(ErrorKind::NotFound, "'" + q->first +
                                                         "' is no query of this service (an action "
                                                         "is started with POST /v1/commands)"));
        std::ostringstream out, err;
        std::atomic<bool> cancel{false};
        TaskIo io{ctx.engine, out, err, cancel};
        const int code = it->second(q->second, io);
        log::get("service")->debug("query {}: exit code {}", q->first, code);
        reply_output(req, res, code, out.str(), err.str());
        timer.stamp(res);
    });
}

} // namespace tl::service
