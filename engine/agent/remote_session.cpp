#include "agent/remote_session.h"

#include <cstring>

#include "agent/wire.h"
#include "common/log.h"

namespace tl::agent {

RemoteSession::RemoteSession(ClientEndpoint client, nlohmann::json request,
                             job::StreamChannel& channel, job::SessionCounters& counters,
                             std::int64_t saveset_id, std::function<void(const std::string&)> warn)
    : client_(std::move(client)), request_(std::move(request)), channel_(channel),
      counters_(counters), saveset_id_(saveset_id), warn_(std::move(warn)) {}

nlohmann::json RemoteSession::agent_hello() const {
    std::lock_guard lock(mutex_);
    return hello_;
}

void RemoteSession::end_stream() {
    if (ended_) return;
    job::StreamBuffer* b = channel_.acquire();
    if (!b) return; // cancelled: the multiplexer no longer waits for this stream
    b->offset = next_offset_;
    b->last = true;
    channel_.publish(b);
    ended_ = true;
}

Status RemoteSession::place(const ReceivedBuffer& r) {
    if (r.offset != next_offset_ || r.size > channel_.buffer_bytes())
        return make_error(ErrorKind::Corrupt,
                          "client " + client_.name + ": the agent sent a buffer out of place");
    job::StreamBuffer* b = channel_.acquire();
    if (!b) return make_error(ErrorKind::Cancelled, "cancelled");
    std::memcpy(b->data.get(), r.data, r.size);
    b->size = r.size;
    b->offset = r.offset;
    b->boundaries = r.boundaries;
    b->completed = r.completed;
    for (auto& rec : b->completed)
        rec.saveset_id = saveset_id_;
    b->last = r.last;
    next_offset_ += r.size;
    counters_.bytes_read = r.raw_bytes;
    counters_.stream_bytes = next_offset_;
    counters_.files += r.completed.size();
    channel_.publish(b);
    ended_ = r.last;
    return {};
}

Status RemoteSession::receive_stream(TlsLink& link) {
    while (!ended_) {
        auto f = link.receive();
        if (!f) return f.error();
        if (f->type == frame::kError) return error_from(f.value(), "agent");
        if (f->type != frame::kBuffer)
            return make_error(ErrorKind::Corrupt, "the agent sent an unexpected frame");
        auto b = decode_buffer(f.value());
        if (!b) return b.error();
        TL_TRY(place(b.value()));
    }
    return {};
}

Status RemoteSession::finish(TlsLink& link) {
    auto done = receive_json(link, frame::kDone);
    if (!done) return done.error();
    for (const auto& w : done->value("warnings", std::vector<std::string>{})) {
        counters_.warnings += 1;
        warn_("client " + client_.name + ": " + w);
    }
    counters_.bytes_read = done->value("bytes_read", counters_.bytes_read.load());
    return {};
}

Status RemoteSession::run() {
    nlohmann::json hello;
    auto link = open_client_link(client_, &hello);
    Status st;
    if (!link) {
        st = link.error();
    } else {
        {
            std::lock_guard lock(mutex_);
            hello_ = hello;
        }
        st = send_json(*link.value(), frame::kBackup, request_);
        if (st) st = receive_stream(*link.value());
        if (st) st = finish(*link.value());
        link.value()->close();
    }
    end_stream();
    if (!st && st.error().kind != ErrorKind::Cancelled &&
        st.error().message.rfind("client ", 0) != 0)
        st = make_error(st.error().kind, "client " + client_.name + ": " + st.error().message);
    if (!st) log::get("job")->error("{}", st.error().message);
    return st;
}

} // namespace tl::agent
