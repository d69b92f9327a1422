#include "service/api_context.h"

#include <algorithm>
#include <cstdlib>

#include "context/engine_catalog.h"
#include "service/api_protocol.h"
#include "service/query_params.h"

namespace tl::service {

void reply_json(httplib::Response& res, int status, const nlohmann::json& body) {
    res.status = status;
    // A file name that is no UTF-8 is shown with U+FFFD rather than failing the answer.
    res.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                    "application/json");
}

void reply_error(httplib::Response& res, const Error& e) {
    reply_json(res, http_status_for(e.kind), error_json(e));
}

void answer_from_catalog(const ApiContext& ctx, httplib::Response& res,
                         const std::function<Result<nlohmann::json>(catalog::Db&)>& fn) {
    auto body = fn(engine_catalog(ctx.engine));
    if (!body) return reply_error(res, body.error());
    reply_json(res, 200, body.value());
}

void answer_text_from_catalog(const ApiContext& ctx, httplib::Response& res,
                              const std::function<Result<std::string>(catalog::Db&)>& fn) {
    auto body = fn(engine_catalog(ctx.engine));
    if (!body) return reply_error(res, body.error());
    res.status = 200;
    res.set_content(body.value(), "application/json");
}

Error invalid_request(const std::string& route, const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, route + ": " + message);
}

nlohmann::json request_json(const httplib::Request& req) {
    return nlohmann::json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
}

Result<std::int64_t> id_in_path(const httplib::Request& req, const char* what) {
    const std::string text = req.matches.size() > 1 ? req.matches[1].str() : std::string();
    const auto n = whole_number(text);
    if (!n || *n == 0) {
        std::string shown = text;
        std::replace(shown.begin(), shown.end(), '\0', '?');
        return make_error(ErrorKind::InvalidArgument,
                          std::string(what) + " must be a positive number, not '" + shown + "'");
    }
    return *n;
}

} // namespace tl::service
