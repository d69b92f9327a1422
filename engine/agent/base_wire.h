#pragma once
// A diff/incr of a client (docs/agent.md "Incrementals"): the base view the service loads from
// its catalog travels to the agent in base frames (frame::kBase, JSON {"entries": [...]}), and
// the deletions the agent's walk finds come back in the done frame.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "job/catalog_records.h"
#include "job/change_detector.h"

namespace tl::agent {

// The view as the payloads of base frames (at most `per_frame` entries each).
std::vector<std::string> base_frames(const job::BaseView& view, std::size_t per_frame = 8192);
// Adds one base frame's entries to `view`; Corrupt for a damaged frame.
Status add_base_frame(const nlohmann::json& frame, job::BaseView& view);

nlohmann::json deletions_json(const std::vector<job::DeletionRecord>& gone);
// The deletions of a done frame, stamped with `saveset_id`.
Result<std::vector<job::DeletionRecord>> deletions_from(const nlohmann::json& done,
                                                        std::int64_t saveset_id);

} // namespace tl::agent
