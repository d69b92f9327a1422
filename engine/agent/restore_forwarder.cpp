#include "agent/restore_forwarder.h"

#include "agent/client_registry.h"
#include "agent/wire.h"

namespace tl::agent {

namespace {
// Where a client's tree goes below the target: its path on the client, as for a local restore.
std::string prefix_of(const job::SelectedSaveset& s) {
    auto parts = split_client_source(s.source);
    std::string path = parts ? parts->second : s.source;
    while (!path.empty() && path.front() == '/')
        path.erase(path.begin());
    return path;
}
} // namespace

Status RestoreForwarder::remember(Status st) {
    if (st || !link_status_) return st;
    // The agent refused something (a save set's place below the target, a compare's root
    // outside --allow) with an error frame and ended the link while this side was still
    // sending: what it said is still to be read, and it is the reason to report.
    link_.set_timeout(2);
    auto said = link_.receive();
    if (said && said->type == frame::kError) st = error_from(said.value(), link_.peer());
    link_status_ = st;
    return st;
}

Status RestoreForwarder::on_object_header(std::uint64_t offset, const format::ObjectHeader& h) {
    if (!link_status_) return link_status_;
    skipping_ = !whole_ && !wanted_.count(offset);
    if (skipping_) return {};
    path_ = h.path;
    scratch_.clear();
    put_u64(scratch_, offset);
    format::encode_object_header(h, scratch_);
    return remember(link_.send(frame::kObject, scratch_.data(), scratch_.size()));
}

Status RestoreForwarder::on_data(std::uint64_t file_offset, const std::uint8_t* data,
                                 std::size_t n) {
    if (!link_status_ || skipping_ || !with_data_) return link_status_;
    scratch_.clear();
    put_u64(scratch_, file_offset);
    scratch_.insert(scratch_.end(), data, data + n);
    return remember(link_.send(frame::kData, scratch_.data(), scratch_.size()));
}

Status RestoreForwarder::on_object_trailer(const format::ObjectTrailer& t,
                                           const format::ObjectCheck& check) {
    if (!link_status_ || skipping_) return link_status_;
    if (!with_data_ && (!check.length_ok || !check.hash_ok))
        return remember(send_json(
            link_, frame::kObjectFailed,
            {{"path", path_}, {"why", "its data on tape does not match the trailer's hash"}}));
    scratch_.clear();
    format::encode_object_trailer(t, scratch_);
    return remember(link_.send(frame::kTrailer, scratch_.data(), scratch_.size()));
}

Status RestoreForwarder::send_saveset(const job::SelectedSaveset& s) {
    nlohmann::json wanted = nlohmann::json::array(), write_as = nlohmann::json::object();
    whole_ = s.whole;
    wanted_.clear();
    skipping_ = false;
    for (const auto& f : s.files) {
        wanted.push_back(f.offset);
        wanted_.insert(f.offset);
        if (!f.write_as.empty()) write_as[std::to_string(f.offset)] = f.write_as;
    }
    return remember(send_json(link_, frame::kSaveset,
                              {{"prefix", prefix_of(s)},
                               {"root", "/" + prefix_of(s)},
                               {"wanted", wanted},
                               {"write_as", write_as}}));
}

Status RestoreForwarder::send_selection(job::SavesetReader& reader, const job::Selection& sel) {
    for (const auto& s : sel.savesets) {
        TL_TRY(send_saveset(s));
        auto failed = [this](const std::string& path, const std::string& why) {
            if (link_status_ && !skipping_)
                (void)remember(
                    send_json(link_, frame::kObjectFailed, {{"path", path}, {"why", why}}));
        };
        auto st = reader.read(s.reading(), *this, 0, ~std::uint64_t{0}, {}, {}, failed);
        if (!link_status_) return link_status_;
        TL_TRY(st);
    }
    return {};
}

Result<nlohmann::json> RestoreForwarder::finish() {
    TL_TRY(link_.send(frame::kFinish, nullptr, 0));
    return receive_json(link_, frame::kDone);
}

} // namespace tl::agent
