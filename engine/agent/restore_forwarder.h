#pragma once
// The service's side of a restore to a client (agent/client_restore.h): a StreamSink that
// sends each object of the selection the stream parser reports (header, data, trailer) to the
// agent, save set by save set, with the offsets of the objects to write; the objects of a save
// set that are not selected (a restore of --path selections) are not sent.
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "agent/tls_link.h"
#include "format/stream_parser.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"

namespace tl::agent {

class RestoreForwarder final : public format::StreamSink {
public:
    // `with_data` false (a compare, agent/agent_compare.h): the objects' data stays here; an
    // object whose data on tape does not match its trailer is sent as failed instead.
    explicit RestoreForwarder(TlsLink& link, bool with_data = true)
        : link_(link), with_data_(with_data) {}

    // Every save set of `sel`, read whole from tape by `reader`. An error when the link failed
    // (the agent gone) or the reading could not go on.
    Status send_selection(job::SavesetReader& reader, const job::Selection& sel);
    // Ends the restore; the agent's outcome (restored, skipped, failed, problems).
    Result<nlohmann::json> finish();

    Status on_object_header(std::uint64_t offset, const format::ObjectHeader& h) override;
    Status on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) override;
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override;

private:
    Status send_saveset(const job::SelectedSaveset& s);
    // The first failure of the link is kept; when a send failed, the agent's own reason (an
    // error frame it sent before it ended the link) replaces the broken pipe.
    Status remember(Status st);

    TlsLink& link_;
    bool with_data_ = true;
    std::string path_; // of the object being sent
    Status link_status_;
    std::vector<std::uint8_t> scratch_;
    std::unordered_set<std::uint64_t> wanted_; // of the save set being sent, unless whole_
    bool whole_ = true;
    bool skipping_ = false; // the current object is not selected
};

} // namespace tl::agent
