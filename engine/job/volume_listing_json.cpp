#include "job/volume_listing_json.h"

#include "common/path_json.h"
#include "job/restore_outcome.h"

namespace tl::job {

namespace {
nlohmann::json session_json(const ScannedSession& s) {
    nlohmann::json streams = nlohmann::json::array();
    for (const auto& st : s.streams)
        streams.push_back({{"id", st.id}, {"source", path_json(st.identity)}});
    return {{"uuid", s.uuid},
            {"job_id", s.job_id},
            {"host", s.host},
            {"start_time", s.start_time},
            {"volume_seq", s.volume_seq},
            {"prev_volume", s.prev_volume},
            {"tape_files", s.tape_files},
            {"has_trailer", s.has_trailer},
            {"key_id", s.key_id},
            {"names_sealed", s.names_sealed},
            {"locked", s.locked},
            {"streams", streams}};
}
} // namespace

nlohmann::json volume_listing_json(const VolumeListing& l) {
    nlohmann::json j = {{"barcode", l.label.barcode},
                        {"uuid", l.label.volume_uuid.str()},
                        {"pool", l.label.pool},
                        {"block_size", l.label.block_size},
                        {"label_time", l.label.label_time},
                        {"tape_files", l.tape_files},
                        {"blocks_read", l.blocks_read}};
    j["sessions"] = nlohmann::json::array();
    for (const auto& s : l.sessions)
        j["sessions"].push_back(session_json(s));
    j["objects"] = nlohmann::json::array();
    for (const auto& o : l.objects)
        j["objects"].push_back({{"session", o.session},
                                {"job_id", o.job_id},
                                {"stream", o.stream_id},
                                {"source", path_json(o.source)},
                                {"path", path_json(o.path)},
                                {"size", o.size},
                                {"tape_file", o.tape_file},
                                {"block", o.block},
                                {"hash", o.hash},
                                {"complete", o.complete}});
    j["bad_blocks"] = bad_blocks_json(l.bad_blocks);
    return j;
}

} // namespace tl::job
