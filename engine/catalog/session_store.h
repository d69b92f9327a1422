#pragma once
// The media sessions store (table sessions): a backup's or a scan's sessions, their encryption
// key and block size, and the session of a save set. Functions use the caller's connection.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// A new session of a job on a drive; `uuid` is the session's 16 bytes. Returns its id.
Result<std::int64_t> add_session(Db& db, std::int64_t job_id, const void* uuid,
                                 const std::string& drive, std::uint64_t block_size);
// Whether a session with that uuid (16 bytes) is in the catalog.
Result<bool> session_known(Db& db, const void* uuid);

// A session's key id ("" = written in clear) and whether its names are sealed.
struct SessionKey {
    std::string key_id;
    bool names_sealed = false;
};
// nullopt when there is no such session (or save set).
Result<std::optional<SessionKey>> session_key(Db& db, std::int64_t session_id);
Result<std::optional<SessionKey>> saveset_session_key(Db& db, std::int64_t saveset_id);
// The distinct key ids ("" left out) the save set needs, or (saveset_id 0) the original save
// sets of the job need.
Result<std::vector<std::string>> needed_key_ids(Db& db, std::int64_t saveset_id,
                                                std::int64_t job_id);
Status set_session_key(Db& db, std::int64_t session_id, const std::string& key_id,
                       bool names_sealed);
// A copy session made sealed (a clone, docs/format.md §3.4): its data chunks are those of the
// session `seal_uuid16` names, whose chunk key opens them.
Status set_copy_seal(Db& db, std::int64_t session_id, const std::uint8_t* seal_uuid16);

// The stream of a save set within its session: stream id, session uuid (raw bytes), key id,
// and the uuid of the session whose chunk key sealed its data (a copy made sealed: the
// original's; else the session's own).
struct SavesetStream {
    std::uint32_t stream_id = 0;
    std::string session_uuid;
    std::string key_id;
    std::string seal_uuid;
};
Result<std::optional<SavesetStream>> saveset_stream(Db& db, std::int64_t saveset_id);
// The block size of the session that wrote the save set.
Result<std::optional<std::uint64_t>> saveset_block_size(Db& db, std::int64_t saveset_id);

} // namespace tl::catalog
