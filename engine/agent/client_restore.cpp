#include "agent/client_restore.h"

#include "agent/client_link.h"
#include "agent/client_registry.h"
#include "agent/restore_forwarder.h"
#include "agent/wire.h"
#include "api/engine_catalog.h"
#include "catalog/saveset_store.h"
#include "common/log.h"
#include "device/library.h"
#include "job/job_context.h"
#include "job/job_volumes.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"

namespace tl::agent {

namespace {

// The job's save sets (all of a client) and the client they came from.
Result<std::pair<job::Selection, std::string>> job_selection(catalog::Db& db, std::int64_t id) {
    job::SelectionRequest what;
    what.job_id = id;
    auto sel = job::select_files(db, what);
    if (!sel) return sel.error();
    std::string client;
    for (const auto& s : sel->savesets) {
        auto parts = split_client_source(s.source);
        if (!parts || (!client.empty() && parts->first != client))
            return make_error(ErrorKind::InvalidArgument,
                              "job " + std::to_string(id) +
                                  " is not the backup of one client; restore it without --client");
        client = parts->first;
    }
    if (client.empty())
        return make_error(ErrorKind::NotFound, "job " + std::to_string(id) + " holds no files");
    return std::pair{std::move(sel.value()), client};
}

// The agent's answer to the restore request: ready, or its refusal (nothing written).
Result<std::unique_ptr<TlsLink>> open_restore(const ClientEndpoint& c,
                                              const ClientRestoreOptions& o) {
    auto link = open_client_link(c);
    if (!link) return link.error();
    TL_TRY(send_json(*link.value(), frame::kRestore, {{"to", o.to}, {"existing", o.existing}}));
    auto ready = receive_json(*link.value(), frame::kRestore);
    if (!ready)
        return make_error(ready.error().kind, "client " + c.name + ": " + ready.error().message);
    return std::move(link.value());
}

void fill_report(job::RestoreResult& res, job::JobReport& r, const nlohmann::json& done,
                 const Status& sent) {
    res.restored = done.value("restored", std::uint64_t{0});
    res.skipped = done.value("skipped", std::uint64_t{0});
    res.failed = done.value("failed", std::uint64_t{0});
    for (const auto& p : done.value("problems", nlohmann::json::array()))
        res.problems.push_back({p.value("path", ""), p.value("status", ""), p.value("why", "")});
    r.files = res.restored;
    r.bytes = done.value("bytes", std::uint64_t{0});
    if (!sent) {
        r.status = "failed";
        r.error = sent.error().message;
    } else if (done.value("status", "") != "ok") {
        r.status = "failed";
        r.error = done.value("status", "");
    } else {
        r.status = res.failed ? "partial" : "completed";
    }
}

} // namespace

Result<std::optional<std::string>> job_client(const CatalogHandle& db, std::int64_t job_id) {
    auto sets = catalog::job_savesets(catalog_db(db), job_id);
    if (!sets) return sets.error();
    for (const auto& s : sets.value())
        if (auto parts = split_client_source(s.source))
            return std::optional<std::string>(parts->first);
    return std::optional<std::string>();
}

Result<job::RestoreResult> run_client_restore(Engine& engine, const ClientRestoreOptions& o,
                                              std::atomic<bool>* cancel) {
    auto& db = engine_catalog(engine);
    auto picked = job_selection(db, o.job_id);
    if (!picked) return picked.error();
    const auto& [sel, from] = picked.value();
    auto endpoint = client_endpoint(db, engine.home(), o.client.empty() ? from : o.client);
    if (!endpoint) return endpoint.error();
    auto volumes = job::job_volumes(db, {o.job_id});
    if (!volumes) return volumes.error();
    auto lib =
        device::open_library_holding(db, engine.home(), o.library, volumes.value(), engine.clock());
    if (!lib) return lib.error();
    auto link = open_restore(endpoint.value(), o);
    if (!link) return link.error();
    job::RestoreResult res;
    job::JobContext ctx(engine, cancel);
    TL_TRY(ctx.open({"restore",
                     "restore of job " + std::to_string(o.job_id) + " to client " + endpoint->name,
                     "", 0}));
    job::JobNeeds needs;
    needs.drives.count = 1;
    needs.volumes = volumes.value();
    auto reserved = ctx.acquire(*lib.value(), needs);
    if (!reserved) {
        ctx.fail(reserved.error());
        return reserved.error();
    }
    auto conn = catalog::Db::open(db.path(), false);
    if (!conn) return conn.error();
    job::SavesetReader reader(*lib.value(), conn.value(), reserved.value()->drives().front(),
                              engine.home());
    RestoreForwarder forwarder(*link.value());
    Status sent = forwarder.send_selection(reader, sel);
    nlohmann::json done = nlohmann::json::object();
    if (sent) {
        auto answer = forwarder.finish();
        if (answer)
            done = answer.value();
        else
            sent = answer.error();
    }
    if (lib.value()->drive(reserved.value()->drives().front()).is_open())
        (void)lib.value()->drive(reserved.value()->drives().front()).close();
    ctx.stamp_end();
    fill_report(res, ctx.report(), done, sent);
    TL_TRY(ctx.finish());
    res.report = ctx.report();
    log::get("job")->info("restore job {} to client {}: {}", ctx.id(), endpoint->name,
                          res.report.status);
    return res;
}

} // namespace tl::agent
