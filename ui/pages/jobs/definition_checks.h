#pragma once
// What the definition dialog checks while the administrator types, field by field, so the
// reason is shown next to the field instead of after OK: the name (empty, characters, taken),
// the sources (none, a path that does not exist on this machine when the service runs here; an
// absolute path on a remote service's or a client's machine, whose existence the service
// checks when storing), the pool, drives and sessions, block size
// and compression; anything else the engine's check_definition refuses goes to `other`.
// The engine checks again when storing (DefinitionStore). Pure; any thread.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "schedule/job_definition.h"

namespace tl::ui {

struct DefinitionProblems {
    QString name, sources, pool, drives, sessions, blockSize, compression, other;
    bool ok() const { return first().isEmpty(); }
    QString first() const; // the first problem in form order, or empty
};

class DefinitionChecks {
    Q_DECLARE_TR_FUNCTIONS(DefinitionChecks)
public:
    // `taken`: names of the other definitions; `pools`: the catalog's pools; `libraryDrives`:
    // the drives of the definition's library (-1 when unknown: not checked here);
    // `sourcesHere`: the service runs on this machine, so its sources can be looked at here.
    static DefinitionProblems check(const schedule::JobDefinition& d, const QStringList& taken,
                                    const QStringList& pools, int libraryDrives,
                                    bool sourcesHere = true);
    // Why `source` cannot be backed up, or "" (sourcesHere as above).
    static QString sourceProblem(const std::string& source, bool sourcesHere);
};

} // namespace tl::ui
