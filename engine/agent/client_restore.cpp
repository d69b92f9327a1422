#include "agent/client_restore.h"

#include <set>

#include "agent/client_link.h"
#include "agent/client_registry.h"
#include "agent/restore_forwarder.h"
#include "agent/selection_drive.h"
#include "agent/wire.h"
#include "catalog/saveset_store.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "job/job_context.h"
#include "job/restore_outcome.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"

namespace tl::agent {

namespace {

// The save sets of the job (or the one save set) and the client they came from: "" when they
// are of several clients (the restore then needs --client).
Result<std::pair<job::Selection, std::string>> client_selection(catalog::Db& db,
                                                                const ClientRestoreOptions& o) {
    job::SelectionRequest what;
    what.job_id = o.saveset_id ? 0 : o.job_id;
    what.saveset_id = o.saveset_id;
    // Each path is relative to every tree, or absolute as on the client (then it selects in
    // the tree it lies below only: job/restore_selection.h).
    what.paths = o.paths;
    auto sel = job::select_files(db, what);
    if (!sel) return sel.error();
    std::set<std::string> clients;
    for (const auto& s : sel->savesets) {
        auto parts = split_client_source(s.source);
        if (!parts)
            return make_error(ErrorKind::InvalidArgument,
                              "save set " + std::to_string(s.saveset_id) + " (" + s.source +
                                  ") is of this machine, not of a client; restore it without "
                                  "--client");
        clients.insert(parts->first);
    }
    if (clients.empty()) return make_error(ErrorKind::NotFound, "the selection holds no files");
    return std::pair{std::move(sel.value()), clients.size() == 1 ? *clients.begin() : ""};
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

Result<std::optional<std::string>> job_client(const CatalogHandle& db, std::int64_t job_id,
                                              std::int64_t saveset_id) {
    catalog::SavesetPick pick;
    pick.saveset_id = saveset_id;
    auto sets = saveset_id ? catalog::backup_savesets(catalog_db(db), pick)
                           : catalog::job_savesets(catalog_db(db), job_id);
    if (!sets) return sets.error();
    for (const auto& s : sets.value())
        if (auto parts = split_client_source(s.source))
            return std::optional<std::string>(parts->first);
    return std::optional<std::string>();
}

Result<job::RestoreResult> run_client_restore(Engine& engine, const ClientRestoreOptions& o,
                                              std::atomic<bool>* cancel) {
    auto& db = engine_catalog(engine);
    auto picked = client_selection(db, o);
    if (!picked) return picked.error();
    const auto& [sel, from] = picked.value();
    if (o.client.empty() && from.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "job " + std::to_string(o.job_id) +
                              " backed up several clients; name the one to restore to with "
                              "--client NAME");
    TL_TRY(require_selection_keys(engine, sel));
    auto endpoint = client_endpoint(db, engine.home(), o.client.empty() ? from : o.client);
    if (!endpoint) return endpoint.error();
    auto lib = open_selection_library(engine, sel, o.library);
    if (!lib) return lib.error();
    auto link = open_restore(endpoint.value(), o);
    if (!link) return link.error();
    job::RestoreResult res;
    job::JobContext ctx(engine, cancel);
    TL_TRY(ctx.open({"restore",
                     "restore of job " + std::to_string(o.job_id) + " to client " + endpoint->name,
                     "", 0}));
    auto held = reserve_selection_drive(engine, ctx, lib.value());
    if (!held) return held.error();
    job::SavesetReader reader(*lib->library, held->conn, held->drive, engine.home());
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
    if (!sent && sent.error().message.rfind("client ", 0) != 0)
        sent =
            make_error(sent.error().kind, "client " + endpoint->name + ": " + sent.error().message);
    if (lib->library->drive(held->drive).is_open()) (void)lib->library->drive(held->drive).close();
    res.read = reader.stats();
    ctx.stamp_end();
    fill_report(res, ctx.report(), done, sent);
    TL_TRY(ctx.finish(job::restore_outcome_json(res)));
    res.report = ctx.report();
    log::get("job")->info("restore job {} to client {}: {}", ctx.id(), endpoint->name,
                          res.report.status);
    return res;
}

} // namespace tl::agent
