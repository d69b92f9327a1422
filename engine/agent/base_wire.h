#pragma once
// A diff/incr of a client (docs/agent.md "Incrementals"): the base view the service loads from
// its catalog travels to the agent in base frames (frame::kBase, binary since protocol 2: a
// varint count, then each entry's path and what the walk compares, agent/wire_codec.h), and
// the deletions the agent's walk finds come back in the done frame.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "job/catalog_records.h"
#include "job/change_detector.h"

namespace tl::agent {

// The view as the payloads of base frames (at most `per_frame` entries each; one frame for an
// empty view).
std::vector<std::vector<std::uint8_t>> base_frames(const job::BaseView& view,
                                                   std::size_t per_frame = 8192);
// Adds one base frame's entries to `view`; Corrupt naming the entry and the field when the
// frame is cut off, too long, or holds what no service writes.
Status add_base_frame(const std::uint8_t* p, std::size_t n, job::BaseView& view);

nlohmann::json deletions_json(const std::vector<job::DeletionRecord>& gone);
// The deletions of a done frame, stamped with `saveset_id`.
Result<std::vector<job::DeletionRecord>> deletions_from(const nlohmann::json& done,
                                                        std::int64_t saveset_id);

} // namespace tl::agent
