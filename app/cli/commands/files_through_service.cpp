// `files ls` through the service (docs/api.md "Lists and queries"): the directory comes in
// pages of --page-size entries (GET /v1/files?...&limit=N&after=CURSOR&compact=1), each page's
// `next` asking for the one after, and is printed as `files ls` prints it without a service:
// the text as it arrives (file_list_text.h), --json as one document at the end.
#include <iterator>
#include <vector>

#include "client/service_client.h"
#include "commands/commands.h"
#include "commands/file_list_text.h"
#include "common/path_json.h"
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

// `files ls --json`: the entries as print_file_list prints the rows of GET /v1/files.
void print_json_list(Context& ctx, const std::vector<client::FileEntry>& entries) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& e : entries)
        list.push_back({{"name", path_json(e.name)},
                        {"path", path_json(e.path)},
                        {"dir", e.dir},
                        {"size", e.size},
                        {"job", e.job},
                        {"source", path_json(e.source)}});
    print_file_list(ctx, list);
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
    // Text is printed page by page as it comes; --json is one document (an error on a later
    // page then still gives the error document alone, as without a service).
    std::vector<client::FileEntry> kept;
    FileListText text(ctx.out());
    for (;;) {
        auto page = c.file_page(parameters);
        if (!page) return ctx.fail(page.error());
        if (ctx.json()) {
            std::move(page->entries.begin(), page->entries.end(), std::back_inserter(kept));
        } else {
            for (const auto& e : page->entries)
                text.add(e.source, e.name, e.dir, e.size);
        }
        if (page->next.empty()) break;
        parameters.insert_or_assign("after", page->next);
    }
    if (ctx.json())
        print_json_list(ctx, kept);
    else
        text.finish();
    return kOk;
}

} // namespace tl::cli
