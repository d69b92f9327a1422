// The actions clients start as tasks (docs/api.md "Actions"): POST /v1/verifications, /v1/scans...
// answer 202 {"task": ID} at once; GET /v1/tasks/{id}?out=N&err=N gives the task's state, its
// output from those offsets and, once it ended, its exit code; POST /v1/tasks/{id}/cancel.
#include <cstdlib>

#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/caller.h"

namespace tl::service {

namespace {
// {"arguments": [...], "options": {NAME: VALUE | [VALUE...] | true}}: InvalidArgument otherwise.
Result<nlohmann::json> task_request(const std::string& body, const std::string& path) {
    auto j = nlohmann::json::parse(body.empty() ? "{}" : body, nullptr, false);
    const auto shape_error = make_error(
        ErrorKind::InvalidArgument,
        "POST " + path +
            " takes {\"arguments\": [WORD...], \"options\": {NAME: VALUE or [VALUE...]}}");
    if (!j.is_object()) return shape_error;
    for (const auto& [key, value] : j.items())
        if (key != "arguments" && key != "options") return shape_error;
    if (j.contains("arguments") && !j["arguments"].is_array()) return shape_error;
    if (j.contains("options") && !j["options"].is_object()) return shape_error;
    return j;
}

std::size_t offset_param(const httplib::Request& req, const char* name) {
    if (!req.has_param(name)) return 0;
    return static_cast<std::size_t>(std::strtoull(req.get_param_value(name).c_str(), nullptr, 10));
}

nlohmann::json task_json(const TaskView& v) {
    nlohmann::json j = {{"id", v.id},
                        {"command", v.command},
                        {"state", v.ended ? "ended" : "running"},
                        {"out_end", v.out_end},
                        {"err_end", v.err_end}};
    if (v.ended) j["exit_code"] = v.exit_code;
    return j;
}
// A token's scope for the command of POST /v1/commands (the guard let operate and admin in).
bool command_refused(const ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
    auto caller = remote_caller(ctx, req);
    if (!caller) {
        reply_json(res, 401, error_json(caller.error()));
        return true;
    }
    const auto j = nlohmann::json::parse(req.body, nullptr, false);
    const std::string command = j.is_object() ? j.value("command", std::string()) : std::string();
    return refuse_scope(caller.value(), needed_scope("POST", req.path, req.body),
                        "POST /v1/commands (" + command + ")", res);
}
} // namespace

void add_task_routes(httplib::Server& server, const ApiContext& ctx, Access access) {
    for (const auto& route : kActionRoutes) {
        const std::string command = route.command, path = route.path;
        server.Post(path,
                    [&ctx, command, path](const httplib::Request& req, httplib::Response& res) {
                        auto request = task_request(req.body, path);
                        if (!request) return reply_error(res, request.error());
                        if (auto st = check_absolute_paths(command, request.value()); !st)
                            return reply_error(res, st.error());
                        auto id = ctx.tasks.start(command, std::move(request.value()));
                        if (!id) return reply_error(res, id.error());
                        reply_json(res, 202, {{"task", id.value()}});
                    });
    }
    // Any other command the service runs for its clients (docs/api.md "Every command").
    server.Post("/v1/commands",
                [&ctx, access](const httplib::Request& req, httplib::Response& res) {
                    if (access == Access::RemoteToken && command_refused(ctx, req, res)) return;
                    auto request = command_request(req.body, req.path);
                    if (!request) return reply_error(res, request.error());
                    if (auto st = check_absolute_paths(request->first, request->second); !st)
                        return reply_error(res, st.error());
                    auto id = ctx.tasks.start(request->first, std::move(request->second));
                    if (!id) return reply_error(res, id.error());
                    reply_json(res, 202, {{"task", id.value()}});
                });
    server.Get("/v1/tasks", [&ctx](const httplib::Request&, httplib::Response& res) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& v : ctx.tasks.list())
            arr.push_back(task_json(v));
        reply_json(res, 200, {{"tasks", arr}});
    });
    server.Get(R"(/v1/tasks/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto id = id_in_path(req, "a task ID");
        if (!id) return reply_error(res, id.error());
        auto v = ctx.tasks.view(id.value(), offset_param(req, "out"), offset_param(req, "err"));
        if (!v) return reply_error(res, v.error());
        auto j = task_json(v.value());
        j["out"] = v->out;
        j["err"] = v->err;
        // Output is the command's text: a name that is no UTF-8 is shown with U+FFFD.
        res.status = 200;
        res.set_content(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                        "application/json");
    });
    server.Post(R"(/v1/tasks/([^/]+)/cancel)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto id = id_in_path(req, "a task ID");
                    if (!id) return reply_error(res, id.error());
                    if (auto st = ctx.tasks.cancel(id.value()); !st)
                        return reply_error(res, st.error());
                    reply_json(res, 200, {{"cancelled", id.value()}});
                });
}

} // namespace tl::service
