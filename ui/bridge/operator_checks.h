#pragma once
// What the operator requests (operator_requests.h) read through the service's typed door, on a
// worker thread: the running jobs' live snapshots (GET /v1/live), the pools that have job
// definitions but no usable volume (GET /v1/definitions, /v1/pools, /v1/volumes, /v1/libraries
// and, for a pool that labels by itself, /v1/libraries/{name}/inventory), and which of the
// volumes a restore waits for a library holds now. Blocking; values only; any thread.
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

#include "bridge/typed_door.h"
#include "metrics/live_snapshot.h"

namespace tl::ui {

// A pool without a usable volume, as the check found it.
struct PoolShortage {
    QString pool, library;
    QStringList definitions; // job definitions writing to it
};

// One look at everything the requests follow.
struct OperatorFindings {
    std::vector<metrics::LiveSnapshot> live; // the jobs running now
    QList<PoolShortage> shortages;
    QStringList backInLibrary; // of the barcodes asked about, those a library holds
};

// The service's answer, or its error (logged once) when it cannot answer.
Result<OperatorFindings> findOperatorCauses(const DoorAddress& door, const QStringList& missing);

} // namespace tl::ui
