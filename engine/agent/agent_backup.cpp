#include "agent/agent_backup.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "agent/base_wire.h"
#include "agent/buffer_wire.h"
#include "agent/wire.h"
#include "common/clock.h"
#include "common/log.h"
#include "common/thread_name.h"
#include "job/session_reader.h"
#include "job/stream_channel.h"
#include "job/stream_writer.h"

namespace tl::agent {

namespace {

constexpr std::size_t kBuffers = 4;
constexpr std::size_t kMaxWarnings = 1000;
constexpr auto kKeepAliveEvery = std::chrono::seconds(5);

struct SessionPlan {
    source::SourceSpec spec;
    codec::CodecSpec codec;
    std::size_t buffer_bytes = 0;
    source::WalkOptions walk;
    std::shared_ptr<job::BaseView> base; // diff/incr: what the service's catalog holds
    bool compare_hash = false;
};

Result<SessionPlan> plan_of(const nlohmann::json& r, const AllowList& allow) {
    SessionPlan p;
    const std::string path = r.value("source", "");
    TL_TRY(allow.check(path, "source"));
    auto spec = source::parse_source(path);
    if (!spec) return spec.error();
    if (spec->kind != source::SourceKind::FileTree)
        return make_error(ErrorKind::InvalidArgument,
                          "source " + path + ": an agent backs up file trees only");
    p.spec = spec.value();
    auto codec = codec::parse_codec_spec(r.value("codec", "none"));
    if (!codec) return codec.error();
    p.codec = codec.value();
    p.buffer_bytes = r.value("buffer", std::size_t{512} << 10);
    if (p.buffer_bytes < (64u << 10) || p.buffer_bytes > (32u << 20))
        return make_error(ErrorKind::InvalidArgument, "buffer size out of range");
    p.walk.include = r.value("include", std::vector<std::string>{});
    p.walk.exclude = r.value("exclude", std::vector<std::string>{});
    p.walk.one_file_system = r.value("one_file_system", false);
    p.compare_hash = r.value("compare_hash", false);
    return p;
}

// The session's reader on a thread of its own; buffers as it publishes them.
class Session {
public:
    explicit Session(const SessionPlan& p)
        : channel_(signal_, kBuffers, p.buffer_bytes), writer_(channel_, p.codec),
          reader_(p.spec, writer_, context(p), counters_) {}

    Status run(TlsLink& link);
    nlohmann::json outcome() const;

private:
    job::ReaderContext context(const SessionPlan& p) {
        job::ReaderContext rc;
        rc.walk = p.walk;
        rc.spool_dir = "/tmp";
        rc.clock = &clock_;
        rc.warn = [this](const std::string& w) {
            std::lock_guard lock(warn_mutex_);
            if (warnings_.size() < kMaxWarnings) warnings_.push_back(w);
        };
        rc.base_view = p.base;
        rc.compare_hash = p.compare_hash;
        rc.record_deletions = [this](std::vector<job::DeletionRecord> gone) {
            std::lock_guard lock(warn_mutex_);
            deletions_.insert(deletions_.end(), gone.begin(), gone.end());
        };
        return rc;
    }
    Status send_buffers(TlsLink& link);
    void cancel() {
        {
            std::lock_guard lock(signal_.mutex);
            signal_.cancelled = true;
        }
        signal_.cv.notify_all();
    }

    SystemClock clock_;
    job::DriveSignal signal_;
    job::StreamChannel channel_;
    job::StreamWriter writer_;
    job::SessionCounters counters_;
    job::SessionReader reader_;
    Status result_;
    std::atomic<bool> finished_{false};
    mutable std::mutex warn_mutex_;
    std::vector<std::string> warnings_;
    std::vector<job::DeletionRecord> deletions_;
};

Status Session::send_buffers(TlsLink& link) {
    for (;;) {
        job::StreamBuffer* b = nullptr;
        bool ready = false;
        {
            std::unique_lock lock(signal_.mutex);
            ready = signal_.cv.wait_for(lock, kKeepAliveEvery, [&] {
                return channel_.front_locked() || finished_.load() || signal_.cancelled;
            });
            b = channel_.front_locked();
        }
        // A walk that finds nothing to store for a while (an incremental of a quiet tree) says
        // it is alive, so the service does not take it for a lost agent.
        if (!ready) {
            TL_TRY(link.send(frame::kKeepAlive, nullptr, 0));
            continue;
        }
        if (!b) return finished_ ? result_ : make_error(ErrorKind::Cancelled, "cancelled");
        const auto head = encode_buffer_head(*b, counters_.bytes_read.load());
        TL_TRY(link.send(frame::kBuffer, head, b->data.get(), b->size));
        const bool last = b->last;
        {
            std::lock_guard lock(signal_.mutex);
            channel_.pop_locked();
        }
        if (last) return {};
    }
}

Status Session::run(TlsLink& link) {
    std::thread reader([this] {
        name_this_thread("tl-session");
        result_ = reader_.run();
        {
            std::lock_guard lock(signal_.mutex);
            finished_ = true;
        }
        signal_.cv.notify_all();
    });
    Status sent = send_buffers(link);
    if (!sent) cancel();
    reader.join();
    if (!sent) return sent;
    return result_;
}

nlohmann::json Session::outcome() const {
    std::lock_guard lock(warn_mutex_);
    return {
        {"files", counters_.files.load()},         {"bytes_read", counters_.bytes_read.load()},
        {"stream_bytes", writer_.offset()},        {"warnings", warnings_},
        {"unchanged", counters_.unchanged.load()}, {"same_content", counters_.same_content.load()},
        {"deletions", deletions_json(deletions_)}};
}

} // namespace

Status serve_backup(TlsLink& link, const nlohmann::json& request, const AllowList& allow) {
    // The base comes right after the request, whatever the agent makes of it.
    std::shared_ptr<job::BaseView> base;
    for (int i = 0; i < request.value("base_frames", 0); ++i) {
        if (!base) base = std::make_shared<job::BaseView>();
        auto frame = receive_frame(link, frame::kBase);
        if (!frame) return frame.error();
        if (auto st = add_base_frame(frame->payload.data(), frame->payload.size(), *base); !st) {
            (void)send_error(link, st.error()); // the service names it with the client
            return st;
        }
    }
    auto plan = plan_of(request, allow);
    if (plan) plan->base = base;
    if (!plan) {
        (void)send_error(link, plan.error());
        return plan.error();
    }
    auto session = std::make_unique<Session>(plan.value());
    auto st = session->run(link);
    if (!st) {
        (void)send_error(link, st.error());
        return st;
    }
    auto done = session->outcome();
    done["status"] = "ok";
    return send_json(link, frame::kDone, done);
}

} // namespace tl::agent
