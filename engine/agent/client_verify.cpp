#include "agent/client_verify.h"

#include "agent/client_link.h"
#include "agent/client_registry.h"
#include "agent/client_verify_outcome.h"
#include "agent/restore_forwarder.h"
#include "agent/selection_drive.h"
#include "agent/wire.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "job/job_context.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"

namespace tl::agent {

namespace {

// A link to the client's agent that accepted the compare request (every agent of protocol 2
// knows it; an older one was refused at its hello).
Result<std::unique_ptr<TlsLink>> open_compare(const ClientEndpoint& c) {
    auto link = open_client_link(c);
    if (!link) return link.error();
    TL_TRY(send_json(*link.value(), frame::kCompare, nlohmann::json::object()));
    auto ready = receive_json(*link.value(), frame::kCompare);
    if (!ready)
        return make_error(ready.error().kind, "client " + c.name + ": " + ready.error().message);
    return std::move(link.value());
}

void add_outcome(ClientVerifyResult& r, const std::string& client, const nlohmann::json& done) {
    r.compared += done.value("compared", std::uint64_t{0});
    r.same += done.value("same", std::uint64_t{0});
    r.differing_count += done.value("differing_count", std::uint64_t{0});
    r.missing_count += done.value("missing_count", std::uint64_t{0});
    for (const auto& d : done.value("differing", nlohmann::json::array()))
        r.differing.push_back({client, d.value("path", ""), d.value("why", "")});
    for (const auto& d : done.value("missing", nlohmann::json::array()))
        r.missing.push_back({client, d.value("path", ""), d.value("why", "")});
}

// One save set compared with its client's files.
Status compare_saveset(catalog::Db& db, const std::string& home, job::SavesetReader& reader,
                       const job::SelectedSaveset& s, ClientVerifyResult& r) {
    const auto parts = split_client_source(s.source);
    auto endpoint = client_endpoint(db, home, parts->first);
    if (!endpoint) return endpoint.error();
    auto link = open_compare(endpoint.value());
    if (!link) return link.error();
    RestoreForwarder forwarder(*link.value(), false);
    job::Selection one;
    one.savesets = {s};
    auto sent = forwarder.send_selection(reader, one);
    auto done = sent ? forwarder.finish() : Result<nlohmann::json>(sent.error());
    if (!done)
        return make_error(done.error().kind,
                          "client " + parts->first + ": " + done.error().message);
    add_outcome(r, parts->first, done.value());
    return {};
}

// The job's save sets of clients (its save sets of this machine are verified by `verify`).
Result<job::Selection> client_savesets(catalog::Db& db, std::int64_t job_id) {
    job::SelectionRequest what;
    what.job_id = job_id;
    auto sel = job::select_files(db, what);
    if (!sel) return sel.error();
    std::erase_if(sel->savesets,
                  [](const job::SelectedSaveset& s) { return !split_client_source(s.source); });
    if (sel->savesets.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "job " + std::to_string(job_id) +
                              " backed up no client's tree; verify it without --against-client");
    return std::move(sel.value());
}

} // namespace

Result<ClientVerifyResult> run_client_verify(Engine& engine, std::int64_t job_id,
                                             const std::string& library,
                                             std::atomic<bool>* cancel) {
    auto& db = engine_catalog(engine);
    auto sel = client_savesets(db, job_id);
    if (!sel) return sel.error();
    TL_TRY(require_selection_keys(engine, sel.value()));
    auto lib = open_selection_library(engine, sel.value(), library);
    if (!lib) return lib.error();
    ClientVerifyResult res;
    res.job_id = job_id;
    job::JobContext ctx(engine, cancel);
    TL_TRY(ctx.open(
        {"verify", "verify of job " + std::to_string(job_id) + " against its clients", "", 0}));
    res.verify_job_id = ctx.id();
    auto held = reserve_selection_drive(engine, ctx, lib.value());
    if (!held) return held.error();
    const std::size_t drive = held->drive;
    job::SavesetReader reader(*lib->library, held->conn, drive, engine.home());
    Status st;
    for (const auto& s : sel->savesets)
        if (st) st = compare_saveset(db, engine.home(), reader, s, res);
    if (lib->library->drive(drive).is_open()) (void)lib->library->drive(drive).close();
    res.read = reader.stats();
    ctx.stamp_end();
    auto& report = ctx.report();
    report.files = res.compared;
    if (!st) {
        report.status = "failed";
        report.error = res.error = st.error().message;
    } else {
        report.status = res.differing_count + res.missing_count ? "partial" : "completed";
    }
    res.status = report.status;
    TL_TRY(ctx.finish(client_verify_outcome_json(res)));
    log::get("job")->info("verify of job {} against its clients: {} ({} compared, {} differing, "
                          "{} missing)",
                          job_id, res.status, res.compared, res.differing_count, res.missing_count);
    return res;
}

} // namespace tl::agent
