#include "pages/clients/client_snapshot.h"

#include <algorithm>
#include <map>

#include "agent/client_registry.h"
#include "agent/identity.h"
#include "api/schedule_ops.h"
#include "context/catalog_handle.h"
#include "schedule/definition_store.h"
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
Result<std::map<std::string, NextRun>> nextRuns(const CatalogHandle& db, qint64 now) {
    auto store = schedule::definition_store(db);
    auto defs = store.list();
    if (!defs) return defs.error();
    auto schedules = store.schedules();
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

ClientInfo info(const agent::Client& c) {
    ClientInfo i;
    i.name = q(c.name);
    i.address = q(c.address);
    i.fingerprint = q(c.fingerprint);
    i.version = q(c.version);
    i.os = q(c.os);
    i.online = c.reachable;
    i.lastSeen = c.last_seen.value_or(0);
    i.lastBackup = c.last_backup.value_or(0);
    i.lastBackupBytes = c.last_backup_bytes.value_or(0);
    return i;
}
} // namespace

ClientSnapshot readClients(const std::string& catalogPath, const std::string& home, qint64 now) {
    ClientSnapshot snap;
    if (auto me = agent::service_identity(home)) snap.serviceFingerprint = q(me->fingerprint);
    auto db = CatalogHandle::open_read_only(catalogPath);
    if (!db) {
        snap.error = q(db.error().message);
        return snap;
    }
    auto clients = agent::list_clients(db.value());
    if (!clients) {
        snap.error = q(clients.error().message);
        return snap;
    }
    auto next = nextRuns(db.value(), now);
    if (!next) snap.error = q(next.error().message);
    for (const auto& c : clients.value()) {
        ClientInfo i = info(c);
        if (next)
            if (auto it = next->find(c.name); it != next->end()) {
                i.nextBackup = it->second.time;
                i.nextDefinition = it->second.definition;
            }
        snap.clients << i;
    }
    return snap;
}

} // namespace tl::ui
