// `files ls` through the service (docs/api.md "Lists and queries"): the directory comes in
// pages of --page-size entries (GET /v1/files?...&limit=N&after=CURSOR), each page's `next`
// asking for the one after, and is printed as `files ls` prints it without a service.
#include "client/service_client.h"
#include "commands/commands.h"
#include "exit_codes.h"
#include "number_option.h"

namespace tl::cli {

namespace {
constexpr long long kDefaultPage = 1000, kMaxPage = 10000;

std::map<std::string, std::string> parameters_of(const job::SelectionRequest& r,
                                                 const std::string& dir) {
    std::map<std::string, std::string> p;
    if (r.job_id) p.emplace("job", std::to_string(r.job_id));
    if (r.saveset_id) p.emplace("saveset", std::to_string(r.saveset_id));
    if (!r.source.empty()) p.emplace("source", r.source);
    if (r.at) p.emplace("at", std::to_string(r.at));
    if (r.changes_only) p.emplace("changes_only", std::string(1, '1'));
    if (!dir.empty()) p.emplace("dir", dir);
    return p;
}
} // namespace

int files_ls_through_service(Context& ctx, client::ServiceClient& c) {
    auto req = selection_from(ctx.args());
    if (!req) return ctx.fail(req.error());
    auto page_size = count_option(ctx.args(), "page-size", 1, kMaxPage, kDefaultPage);
    if (!page_size) return ctx.fail(page_size.error());
    auto parameters =
        parameters_of(req.value(), ctx.args().words().empty() ? "" : ctx.args().words().front());
    parameters.emplace("limit", std::to_string(page_size.value()));
    nlohmann::json entries = nlohmann::json::array();
    for (;;) {
        auto page = c.files(parameters);
        if (!page) return ctx.fail(page.error());
        for (auto& e : (*page)["entries"])
            entries.push_back(std::move(e));
        const auto& next = (*page)["next"];
        if (!next.is_string()) break;
        parameters.insert_or_assign("after", next.get<std::string>());
    }
    print_file_list(ctx, entries);
    return kOk;
}

} // namespace tl::cli
