#include "service/audit_trail.h"

#include <ctime>

#include "catalog/audit_store.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "service/access_scope.h"
#include "service/caller.h"
#include "service/query_params.h"

namespace tl::service {

namespace {
bool secret_key(const std::string& key) {
    for (const char* word : {"passphrase", "password", "secret", "token", "sealed_key"})
        if (key.find(word) != std::string::npos) return true;
    return false;
}

void hide_secrets(nlohmann::json& j) {
    if (j.is_object()) {
        for (auto& [key, value] : j.items()) {
            if (secret_key(key))
                value = "(hidden)";
            else
                hide_secrets(value);
        }
    } else if (j.is_array()) {
        for (auto& v : j)
            hide_secrets(v);
    }
}

std::string who_called(const ApiContext& ctx, const httplib::Request& req, Access access) {
    if (access == Access::LocalSocket) return local_caller(req).who;
    if (auto caller = remote_caller(ctx, req)) return caller->who;
    return req.has_header("Authorization") ? "unknown token" : "no token";
}

nlohmann::json record_json(const catalog::AuditRecord& r) {
    auto detail = nlohmann::json::parse(r.detail, nullptr, false);
    return {
        {"id", r.id},        {"at", r.at},
        {"who", r.who},      {"method", r.method},
        {"route", r.route},  {"detail", detail.is_discarded() ? nlohmann::json(r.detail) : detail},
        {"status", r.status}};
}
} // namespace

std::string audit_detail(const std::string& body) {
    if (body.empty()) return {};
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded()) return "(not JSON, " + std::to_string(body.size()) + " bytes)";
    hide_secrets(j);
    std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > 2000) text = text.substr(0, 2000);
    return text;
}

void add_audit_trail(httplib::Server& server, const ApiContext& ctx, Access access) {
    server.set_post_routing_handler(
        [&ctx, access](const httplib::Request& req, httplib::Response& res) {
            if (!is_write(req.method, req.path)) return;
            catalog::AuditRecord r;
            r.at = static_cast<long long>(std::time(nullptr));
            r.who = who_called(ctx, req, access);
            r.method = req.method;
            r.route = req.path;
            r.detail = audit_detail(req.body);
            r.status = res.status;
            if (auto st = catalog::record_audit(engine_catalog(ctx.engine), r); !st)
                log::get("service")->error("audit log: cannot record {} {} by {}: {}", r.method,
                                           r.route, r.who, st.error().message);
        });
}

void add_audit_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/audit", [&ctx](const httplib::Request& req, httplib::Response& res) {
        catalog::AuditQuery q;
        auto since = count_param(req, "since", 0);
        if (!since) return reply_error(res, since.error());
        auto limit = count_param(req, "limit", 1000);
        if (!limit) return reply_error(res, limit.error());
        if (limit.value() < 1 || limit.value() > 10000)
            return reply_error(
                res, make_error(ErrorKind::InvalidArgument,
                                "limit is 1..10000 records, not " + std::to_string(limit.value())));
        q.since = since.value();
        q.limit = static_cast<std::size_t>(limit.value());
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto rows = catalog::list_audit(db, q);
            if (!rows) return rows.error();
            nlohmann::json entries = nlohmann::json::array();
            for (const auto& r : rows.value())
                entries.push_back(record_json(r));
            return nlohmann::json{{"entries", entries}};
        });
    });
}

} // namespace tl::service
