#include "shapes/queue_json.h"

namespace tl::shapes {

nlohmann::json queue_entry_json(const schedule::QueueEntry& e) {
    return {{"id", e.id},
            {"definition", e.definition},
            {"level", e.level},
            {"reason", e.reason},
            {"state", schedule::to_string(e.state)},
            {"attempt", e.attempt},
            {"not_before", e.not_before},
            {"enqueued", e.enqueued},
            {"started", e.started},
            {"cancel_requested", e.cancel_requested}};
}

nlohmann::json queue_json(long service_pid, const std::vector<schedule::QueueEntry>& entries) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& e : entries)
        arr.push_back(queue_entry_json(e));
    return {{"service_pid", service_pid}, {"entries", arr}};
}

} // namespace tl::shapes
