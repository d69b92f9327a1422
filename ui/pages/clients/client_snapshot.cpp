#include "pages/clients/client_snapshot.h"

#include <algorithm>
#include <map>

#include "agent/client_registry.h"
#include "schedule/schedule_rule.h"
#include "widgets/from_std.h"

namespace tl::ui {

namespace {
struct NextRun {
    qint64 time = 0;
    QString definition;
};

// Per client, the earliest next run of a schedule whose definition backs up one of its trees
// (a source "client:NAME:PATH"), as the Jobs page computes a definition's next run.
Result<std::map<std::string, NextRun>> nextRuns(client::Api& api, qint64 now) {
    auto defs = api.definitions();
    if (!defs) return defs.error();
    auto schedules = api.schedules();
    if (!schedules) return schedules.error();
    std::map<std::string, NextRun> out;
    for (const auto& d : defs.value())
        for (const auto& s : schedules.value()) {
            if (s.definition != d.name) continue;
            auto rule = schedule::ScheduleRule::parse(s.rule);
            if (!rule) continue;
            auto o = rule->next_after(std::max<long long>(now, s.checked_until));
            if (!o) continue;
            for (const auto& source : d.sources) {
                auto client = agent::split_client_source(source);
                if (!client) continue;
                auto& next = out[client->first];
                if (next.time == 0 || o->time < next.time) next = {o->time, q(d.name)};
            }
        }
    return out;
}

ClientInfo info(const client::AgentClient& c) {
    ClientInfo i;
    i.name = q(c.name);
    i.address = q(c.address);
    i.fingerprint = q(c.fingerprint);
    i.version = q(c.version);
    i.os = q(c.os);
    i.online = c.online;
    i.lastSeen = c.last_seen.value_or(0);
    i.lastBackup = c.last_backup.value_or(0);
    i.lastBackupBytes = c.last_backup_bytes.value_or(0);
    return i;
}
} // namespace

ClientSnapshot readClients(const DoorAddress& door, qint64 now) {
    ClientSnapshot snap;
    auto c = openClient(door);
    client::ServiceApi api(c);
    if (auto me = api.service_fingerprint()) snap.serviceFingerprint = q(me.value());
    auto clients = api.clients();
    if (!clients) {
        snap.error = q(doorReadFailed(door, "clients page", clients.error()).message);
        return snap;
    }
    auto next = nextRuns(api, now);
    if (!next) snap.error = q(doorReadFailed(door, "clients page", next.error()).message);
    for (const auto& one : clients.value()) {
        ClientInfo i = info(one);
        if (next)
            if (auto it = next->find(one.name); it != next->end()) {
                i.nextBackup = it->second.time;
                i.nextDefinition = it->second.definition;
            }
        snap.clients << i;
    }
    if (next) doorReadSucceeded(door, "clients page");
    return snap;
}

} // namespace tl::ui
