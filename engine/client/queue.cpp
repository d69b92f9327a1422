#include "client/queue.h"

#include "client/json_field.h"

namespace tl::client {

Result<Queue> queue_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("entries") || !j["entries"].is_array())
        return make_error(ErrorKind::Io, "the service's answer is no queue");
    Queue q;
    q.service_pid = field<long>(j, "service_pid");
    for (const auto& e : j["entries"]) {
        if (!e.is_object())
            return make_error(ErrorKind::Io, "the service's queue entry is no object");
        schedule::QueueEntry entry;
        entry.id = field<std::int64_t>(e, "id");
        entry.definition = field<std::string>(e, "definition");
        entry.level = field<std::string>(e, "level");
        entry.reason = field<std::string>(e, "reason");
        entry.state = field<std::string>(e, "state") == "running"
                          ? schedule::QueueEntry::State::Running
                          : schedule::QueueEntry::State::Queued;
        entry.attempt = field<int>(e, "attempt");
        entry.not_before = field<long long>(e, "not_before");
        entry.enqueued = field<long long>(e, "enqueued");
        entry.started = field<long long>(e, "started");
        entry.cancel_requested = field<bool>(e, "cancel_requested");
        q.entries.push_back(std::move(entry));
    }
    q.document = j;
    return q;
}

} // namespace tl::client
