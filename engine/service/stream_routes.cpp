// GET /v1/events and GET /v1/jobs/{id}/live: Server-Sent Events (text/event-stream) from the
// service's EventHub, one queue per client (event_hub.h). A client that reads slowly or not at
// all only fills its own queue; the stream's writes time out and end it, never a job.
#include <chrono>

#include "service/api_context.h"
#include "service/event_hub.h"

namespace tl::service {

namespace {
constexpr auto kKeepAlive = std::chrono::milliseconds(1000);

std::string sse(const StreamEvent& e) {
    return "id: " + std::to_string(e.seq) + "\nevent: " + e.type + "\ndata: " + e.data + "\n\n";
}

void stream(const ApiContext& ctx, httplib::Response& res, bool events, std::int64_t live_job) {
    auto sub = ctx.events.subscribe(events, live_job);
    if (!sub)
        return reply_error(
            res, make_error(ErrorKind::Busy, "the service serves " +
                                                 std::to_string(EventHub::kMaxSubscribers) +
                                                 " streams at most; close one and try again"));
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        "text/event-stream",
        [sub](std::size_t, httplib::DataSink& sink) {
            if (sub->ended()) {
                if (sub->overflowed()) {
                    const std::string why =
                        "event: overflow\ndata: {\"message\":\"this client read too slowly: "
                        "its queue of job events was full; reconnect and re-read the state\"}"
                        "\n\n";
                    sink.write(why.data(), why.size());
                }
                sink.done();
                return true;
            }
            auto e = sub->next(kKeepAlive);
            const std::string text = e ? sse(*e) : std::string(": keep-alive\n\n");
            if (!sink.write(text.data(), text.size())) return false;
            if (e && e->type == "live" && e->data.find("\"ended\":true") != std::string::npos)
                sink.done(); // the job's last snapshot
            return true;
        },
        [&ctx, sub](bool) { ctx.events.unsubscribe(sub); });
}
} // namespace

void add_stream_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/events", [&ctx](const httplib::Request&, httplib::Response& res) {
        stream(ctx, res, true, 0);
    });
    server.Get(R"(/v1/jobs/([^/]+)/live)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto id = id_in_path(req, "a job ID");
                   if (!id) return reply_error(res, id.error());
                   stream(ctx, res, false, id.value());
               });
}

} // namespace tl::service
