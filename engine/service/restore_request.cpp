#include "service/restore_request.h"

#include <set>

namespace tl::service {

namespace {
Error bad(const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, "POST /v1/restores: " + message);
}

Result<std::int64_t> positive(const nlohmann::json& body, const char* key) {
    if (!body.contains(key)) return std::int64_t{0};
    const auto& v = body[key];
    if (!v.is_number_integer() || v.get<std::int64_t>() < 1)
        return bad(std::string("\"") + key + "\" takes a positive number");
    return v.get<std::int64_t>();
}

Result<std::string> text(const nlohmann::json& body, const char* key, std::string fallback = {}) {
    if (!body.contains(key)) return fallback;
    if (!body[key].is_string()) return bad(std::string("\"") + key + "\" takes a string");
    return body[key].get<std::string>();
}

Status check_keys(const nlohmann::json& body) {
    static const std::set<std::string> known = {
        "job",      "saveset", "source", "at",   "paths",      "client",      "target",
        "existing", "library", "drives", "sync", "read_order", "changes_only"};
    for (const auto& [key, value] : body.items())
        if (!known.count(key))
            return bad("unknown field \"" + key +
                       "\"; a restore takes job, saveset or source (with at), paths, client, "
                       "target, existing, library, drives, sync, read_order, changes_only");
    return {};
}

Status read_selection(const nlohmann::json& body, job::SelectionRequest& what) {
    auto job = positive(body, "job");
    if (!job) return job.error();
    auto saveset = positive(body, "saveset");
    if (!saveset) return saveset.error();
    auto source = text(body, "source");
    if (!source) return source.error();
    what.job_id = job.value();
    what.saveset_id = saveset.value();
    what.source = source.value();
    while (what.source.size() > 1 && what.source.back() == '/')
        what.source.pop_back();
    if ((what.job_id > 0) + (what.saveset_id > 0) + !what.source.empty() != 1)
        return bad("choose what to restore with one of \"job\": ID, \"saveset\": ID or "
                   "\"source\": PATH (with \"at\": unix seconds)");
    if (body.contains("at")) {
        if (!body["at"].is_number_integer()) return bad("\"at\" takes unix seconds");
        what.at = body["at"].get<long long>();
    }
    if (body.contains("paths")) {
        if (!body["paths"].is_array()) return bad("\"paths\" takes a list of globs or directories");
        for (const auto& p : body["paths"]) {
            if (!p.is_string()) return bad("\"paths\" takes a list of globs or directories");
            what.paths.push_back(p.get<std::string>());
        }
    }
    if (body.contains("changes_only")) {
        if (!body["changes_only"].is_boolean()) return bad("\"changes_only\" takes true or false");
        what.changes_only = body["changes_only"].get<bool>();
    }
    return {};
}

Status read_target(const nlohmann::json& body, std::string& to) {
    auto target = text(body, "target");
    if (!target) return target.error();
    if (target->empty())
        return bad("\"target\" is needed: an absolute directory the files go under "
                   "(TARGET/original/path), or \"/\" to restore over the original files");
    if (target->front() != '/')
        return bad("\"target\" must be an absolute path, not '" + target.value() +
                   "': the service does not run in your directory");
    to = target.value() == "/" ? std::string() : target.value();
    return {};
}

Status read_how(const nlohmann::json& body, job::RestoreOptions& o) {
    auto existing = text(body, "existing", "skip");
    if (!existing) return existing.error();
    auto policy = job::parse_existing_policy(existing.value(), "\"existing\"");
    if (!policy) return bad(policy.error().message);
    o.existing = policy.value();
    auto library = text(body, "library");
    if (!library) return library.error();
    o.library = library.value();
    if (body.contains("drives")) {
        if (!body["drives"].is_number_integer() || body["drives"].get<std::int64_t>() < 1 ||
            body["drives"].get<std::int64_t>() > 1024)
            return bad("\"drives\" takes 1..1024");
        o.drives = body["drives"].get<std::size_t>();
    }
    auto sync = text(body, "sync", "end");
    if (!sync) return sync.error();
    auto mode = job::parse_sync_mode(sync.value(), "\"sync\"");
    if (!mode) return bad(mode.error().message);
    o.sync = mode.value();
    auto order = text(body, "read_order", "position");
    if (!order) return order.error();
    auto read_order = job::read_order_from(order.value());
    if (!read_order) return read_order.error();
    o.order = read_order.value();
    return {};
}

std::string described(const RestoreRequest& r) {
    const auto& w = r.local.what;
    std::string what = "restore of " + (w.job_id       ? "job " + std::to_string(w.job_id)
                                        : w.saveset_id ? "save set " + std::to_string(w.saveset_id)
                                                       : "source " + w.source);
    what += " to " + (r.local.to.empty() ? std::string("/") : r.local.to);
    return r.client ? what + " on client " + r.client->client : what;
}

Result<agent::ClientRestoreOptions>
client_options(const nlohmann::json& body, const RestoreRequest& r, const std::string& client) {
    if (!r.local.what.paths.empty() || !r.local.what.source.empty())
        return bad("a restore to a client takes \"job\" or \"saveset\" and \"target\" (the "
                   "whole job or save set), not \"paths\" or \"source\"");
    agent::ClientRestoreOptions c;
    c.job_id = r.local.what.job_id;
    c.saveset_id = r.local.what.saveset_id;
    c.client = client;
    c.to = body["target"].get<std::string>();
    c.existing = body.value("existing", std::string("skip"));
    c.library = r.local.library;
    return c;
}
} // namespace

Result<RestoreRequest> restore_request(const nlohmann::json& body, const CatalogHandle& db,
                                       bool to_clients) {
    if (!body.is_object())
        return bad("takes a JSON object such as {\"job\": 12, \"paths\": [\"/etc/*\"], "
                   "\"target\": \"/restore\"}");
    TL_TRY(check_keys(body));
    RestoreRequest r;
    TL_TRY(read_selection(body, r.local.what));
    TL_TRY(read_target(body, r.local.to));
    TL_TRY(read_how(body, r.local));
    auto client = text(body, "client");
    if (!client) return client.error();
    std::string to_client = to_clients ? client.value() : std::string();
    if (to_clients && to_client.empty() && (r.local.what.job_id || r.local.what.saveset_id)) {
        auto backed_up = agent::job_client(db, r.local.what.job_id, r.local.what.saveset_id);
        if (!backed_up) return backed_up.error();
        if (backed_up.value()) to_client = *backed_up.value();
    }
    if (!to_client.empty()) {
        auto c = client_options(body, r, to_client);
        if (!c) return c.error();
        r.client = std::move(c.value());
    }
    r.what = described(r);
    return r;
}

} // namespace tl::service
