#include "agent/remote_session.h"

#include "agent/base_wire.h"
#include "agent/wire.h"
#include "common/log.h"

namespace tl::agent {

RemoteSession::RemoteSession(ClientEndpoint client, nlohmann::json request,
                             job::StreamChannel& channel, job::SessionCounters& counters,
                             job::ReaderContext context, std::unique_ptr<job::ChunkSealer> sealer)
    : client_(std::move(client)), request_(std::move(request)), channel_(channel),
      counters_(counters), ctx_(std::move(context)), sealer_(std::move(sealer)) {}

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

// The buffer's stream bytes are read from the link straight into the channel's buffer.
Status RemoteSession::place(TlsLink& link, ReceivedBuffer& r) {
    if (r.offset != next_offset_ || r.size > channel_.buffer_bytes())
        return make_error(ErrorKind::Corrupt,
                          "client " + client_.name + ": the agent sent a buffer out of place");
    job::StreamBuffer* b = channel_.acquire();
    if (!b) return make_error(ErrorKind::Cancelled, "cancelled");
    if (auto st = link.read_payload(b->data.get(), r.size); !st) {
        // The stream ends where it stands, with this buffer as its empty last one.
        b->size = 0;
        b->offset = next_offset_;
        b->boundaries.clear();
        b->completed.clear();
        b->last = true;
        channel_.publish(b);
        ended_ = true;
        return st;
    }
    b->size = r.size;
    b->offset = r.offset;
    b->boundaries = std::move(r.boundaries);
    b->completed = std::move(r.completed);
    for (auto& rec : b->completed)
        rec.saveset_id = ctx_.saveset_id;
    b->last = r.last;
    // Sealed here, before the multiplexer sees it; a buffer that failed to seal is zeroed
    // and still published, so the drive fails the job instead of waiting for it.
    Status sealed = sealer_ ? sealer_->seal(*b) : Status{};
    next_offset_ += r.size;
    counters_.bytes_read = r.raw_bytes;
    counters_.stream_bytes = next_offset_;
    counters_.files += b->completed.size();
    channel_.publish(b);
    ended_ = r.last || !sealed;
    return sealed;
}

Status RemoteSession::receive_stream(TlsLink& link) {
    while (!ended_) {
        auto head = link.receive_head();
        if (!head) return head.error();
        const auto [type, payload] = head.value();
        if (type == frame::kError) {
            Frame f{type, std::vector<std::uint8_t>(payload)};
            TL_TRY(link.read_payload(f.payload.data(), payload));
            return error_from(f, "agent");
        }
        if (type == frame::kKeepAlive && payload == 0) continue;
        if (type != frame::kBuffer)
            return make_error(ErrorKind::Corrupt, "the agent sent an unexpected frame");
        auto b = receive_buffer_head(link, payload);
        if (!b) return b.error();
        TL_TRY(place(link, b.value()));
    }
    return {};
}

// The request, and for a diff/incr the base view from this catalog.
Status RemoteSession::send_request(TlsLink& link) {
    std::vector<std::vector<std::uint8_t>> base;
    if (!ctx_.base_chain.empty()) {
        auto db = catalog::Db::open(ctx_.db_path, false);
        if (!db) return db.error();
        job::BaseView view;
        TL_TRY(view.load(db.value(), ctx_.base_chain));
        base = base_frames(view);
        request_["compare_hash"] = ctx_.compare_hash;
    }
    request_["base_frames"] = base.size();
    TL_TRY(send_json(link, frame::kBackup, request_));
    for (const auto& f : base)
        TL_TRY(link.send(frame::kBase, f.data(), f.size()));
    return {};
}

Status RemoteSession::finish(TlsLink& link) {
    auto done = receive_json(link, frame::kDone);
    if (!done) return done.error();
    for (const auto& w : done->value("warnings", std::vector<std::string>{})) {
        counters_.warnings += 1;
        if (ctx_.warn) ctx_.warn("client " + client_.name + ": " + w);
    }
    counters_.bytes_read = done->value("bytes_read", counters_.bytes_read.load());
    counters_.unchanged = done->value("unchanged", std::uint64_t{0});
    counters_.same_content = done->value("same_content", std::uint64_t{0});
    auto gone = deletions_from(done.value(), ctx_.saveset_id);
    if (!gone) return gone.error();
    counters_.deleted = gone->size();
    if (!gone->empty() && ctx_.record_deletions) ctx_.record_deletions(std::move(gone.value()));
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
        st = send_request(*link.value());
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
