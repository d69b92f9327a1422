#include "agent/agent_restore.h"

#include "agent/wire.h"
#include "codec/hash.h"
#include "common/log.h"
#include "job/restore_writer.h"

namespace tl::agent {

namespace {

constexpr std::size_t kMaxOutcomes = 1000;

// Feeds the frames of a restore to one RestoreWriter.
class RestoreApplier {
public:
    explicit RestoreApplier(job::RestoreWriter& w) : w_(w) {}

    // One frame; false when it was the finish.
    Result<bool> apply(const Frame& f);
    nlohmann::json outcome() const;
    std::uint64_t objects() const { return objects_; }

private:
    Status begin_saveset(const Frame& f);
    Status object(const Frame& f);
    Status data(const Frame& f);
    Status trailer(const Frame& f);

    job::RestoreWriter& w_;
    bool in_saveset_ = false, skipping_ = false;
    codec::ContentHasher hasher_;
    std::uint64_t data_length_ = 0;
    std::uint64_t objects_ = 0; // received
};

Status RestoreApplier::begin_saveset(const Frame& f) {
    auto j = parse_json(f);
    if (!j) return j.error();
    if (in_saveset_) w_.end_saveset();
    std::map<std::uint64_t, std::string> write_as;
    const auto it = j->find("write_as");
    if (it != j->end() && it->is_object())
        for (auto e = it->begin(); e != it->end(); ++e)
            write_as[std::stoull(e.key())] = e.value().get<std::string>();
    in_saveset_ = true;
    return w_.begin_saveset(j->value("prefix", ""),
                            j->value("wanted", std::vector<std::uint64_t>{}), write_as);
}

Status RestoreApplier::object(const Frame& f) {
    if (f.payload.size() < 8) return make_error(ErrorKind::Corrupt, "a damaged object frame");
    auto h = format::decode_object_header(f.payload.data() + 8, f.payload.size() - 8);
    if (!h) return h.error();
    hasher_.reset();
    data_length_ = 0;
    skipping_ = false;
    ++objects_;
    if (auto st = w_.on_object_header(get_u64(f.payload.data()), h.value()); !st) {
        w_.fail_current(st.error().message);
        skipping_ = true;
    }
    return {};
}

Status RestoreApplier::data(const Frame& f) {
    if (f.payload.size() < 8) return make_error(ErrorKind::Corrupt, "a damaged data frame");
    const std::size_t n = f.payload.size() - 8;
    hasher_.update(f.payload.data() + 8, n);
    data_length_ += n;
    if (skipping_) return {};
    if (auto st = w_.on_data(get_u64(f.payload.data()), f.payload.data() + 8, n); !st) {
        w_.fail_current(st.error().message);
        skipping_ = true;
    }
    return {};
}

// The check is the agent's own, over the bytes it received.
Status RestoreApplier::trailer(const Frame& f) {
    auto t = format::decode_object_trailer(f.payload.data(), f.payload.size());
    if (!t) return t.error();
    format::ObjectCheck check;
    check.data_length = data_length_;
    check.hash = hasher_.finish();
    check.length_ok = data_length_ == t->data_length;
    check.hash_ok = check.hash == t->hash;
    if (skipping_) return {};
    if (auto st = w_.on_object_trailer(t.value(), check); !st) w_.fail_current(st.error().message);
    return {};
}

Result<bool> RestoreApplier::apply(const Frame& f) {
    switch (f.type) {
    case frame::kSaveset:
        TL_TRY(begin_saveset(f));
        return true;
    case frame::kObject:
        TL_TRY(object(f));
        return true;
    case frame::kData:
        TL_TRY(data(f));
        return true;
    case frame::kTrailer:
        TL_TRY(trailer(f));
        return true;
    case frame::kObjectFailed: {
        auto j = parse_json(f);
        if (!skipping_) w_.fail_current(j ? j->value("why", "damaged on media") : "damaged");
        skipping_ = true;
        return true;
    }
    case frame::kFinish:
        if (in_saveset_) w_.end_saveset();
        return false;
    case frame::kError:
        return error_from(f, "the service");
    default:
        return make_error(ErrorKind::Corrupt, "an unexpected frame in a restore");
    }
}

nlohmann::json RestoreApplier::outcome() const {
    nlohmann::json problems = nlohmann::json::array();
    for (const auto& o : w_.outcomes()) {
        if (problems.size() >= kMaxOutcomes) break;
        problems.push_back({{"path", o.path}, {"status", o.status}, {"why", o.why}});
    }
    return {{"restored", w_.files_restored()},
            {"skipped", w_.skipped()},
            {"failed", w_.failures()},
            {"bytes", w_.bytes_written()},
            {"problems", problems}};
}

Result<std::unique_ptr<job::RestoreWriter>> open_writer(const nlohmann::json& request,
                                                        const AllowList& allow) {
    const std::string to = request.value("to", "");
    TL_TRY(allow.check(to, "restore target"));
    auto policy = job::parse_existing_policy(request.value("existing", "skip"), "\"existing\"");
    if (!policy) return policy.error();
    return job::RestoreWriter::open(to, policy.value());
}

} // namespace

Status serve_restore(TlsLink& link, const nlohmann::json& request, const AllowList& allow) {
    auto writer = open_writer(request, allow);
    if (!writer) {
        (void)send_error(link, writer.error());
        return writer.error();
    }
    TL_TRY(send_json(link, frame::kRestore, {{"ready", true}}));
    RestoreApplier applier(*writer.value());
    for (;;) {
        auto f = link.receive();
        if (!f) return f.error();
        auto more = applier.apply(f.value());
        if (!more) {
            (void)send_error(link, more.error());
            return more.error();
        }
        if (!more.value()) break;
    }
    Status fin = writer.value()->finish();
    if (fin) fin = writer.value()->sync_to_disk();
    auto done = applier.outcome();
    done["status"] = fin ? "ok" : fin.error().message;
    done["objects"] = applier.objects();
    log::get("engine")->info("restore into {}: {} object(s) received, {} file(s) restored",
                             request.value("to", ""), applier.objects(),
                             done.value("restored", std::uint64_t{0}));
    return send_json(link, frame::kDone, done);
}

} // namespace tl::agent
