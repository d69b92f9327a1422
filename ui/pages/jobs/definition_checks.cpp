#include "pages/jobs/definition_checks.h"

#include <algorithm>
#include <cctype>

#include "agent/client_registry.h"
#include "codec/compressor.h"
#include "format/block.h"
#include "source/source_spec.h"

namespace tl::ui {

QString DefinitionProblems::first() const {
    for (const QString* p :
         {&name, &sources, &pool, &drives, &sessions, &blockSize, &compression, &other})
        if (!p->isEmpty()) return *p;
    return {};
}

QString DefinitionChecks::sourceProblem(const std::string& s, bool sourcesHere) {
    const QString text = QString::fromStdString(s);
    std::string path = s;
    if (auto c = agent::split_client_source(s)) {
        if (c->first.empty()) return tr("%1: a client's source is client:NAME:/path.").arg(text);
        path = c->second;
    } else if (s.rfind("cmd:", 0) == 0) {
        if (s.size() == 4) return tr("%1: the command is missing.").arg(text);
        return {};
    } else if (sourcesHere) {
        auto spec = source::parse_source(s);
        if (spec) return {};
        return spec.error().kind == ErrorKind::NotFound
                   ? tr("%1 does not exist.").arg(text)
                   : tr("%1: %2").arg(text, QString::fromStdString(spec.error().message));
    } else {
        for (const std::string kind : {"raw:", "sqlite:"})
            if (s.rfind(kind, 0) == 0) path = s.substr(kind.size());
    }
    // A client's or a remote service's path: the service looks at it when storing.
    if (path.empty() || path.front() != '/')
        return tr("%1 is not an absolute path of the machine it is read on.").arg(text);
    return {};
}

DefinitionProblems DefinitionChecks::check(const schedule::JobDefinition& d,
                                           const QStringList& taken, const QStringList& pools,
                                           int libraryDrives, bool sourcesHere) {
    DefinitionProblems p;
    const QString name = QString::fromStdString(d.name);
    if (name.isEmpty())
        p.name = tr("A name is required.");
    else if (d.name.size() > 64 || !std::all_of(d.name.begin(), d.name.end(), [](char c) {
                 return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ||
                        c == '-';
             }))
        p.name = tr("Use 1 to 64 letters, digits, '.', '_' or '-'.");
    else if (taken.contains(name))
        p.name = tr("A job definition named %1 exists already.").arg(name);

    if (d.sources.empty()) p.sources = tr("Give at least one source, one per line.");
    for (const auto& s : d.sources) {
        p.sources = sourceProblem(s, sourcesHere);
        if (!p.sources.isEmpty()) break;
    }
    if (!pools.contains(QString::fromStdString(d.pool)))
        p.pool = tr("Pool %1 does not exist.").arg(QString::fromStdString(d.pool));
    if (d.drives < 1)
        p.drives = tr("At least one drive is needed.");
    else if (libraryDrives >= 0 && d.drives > static_cast<std::size_t>(libraryDrives))
        p.drives = tr("The library has only %1 drives.").arg(libraryDrives);
    if (d.sessions_per_drive < 1)
        p.sessions = tr("At least one session per drive is needed.");
    else if (d.sessions_per_drive > 32)
        p.sessions = tr("At most 32 sessions per drive.");
    if (!format::valid_block_size(d.block_size))
        p.blockSize = tr("Use a multiple of 1 KiB from 64 KiB to 4096 KiB.");
    if (!codec::parse_codec_spec(d.compression))
        p.compression = tr("Use none, lz4, zstd, zstd:1…19, gzip or gzip:1…9.");
    if (p.ok())
        if (auto st = schedule::check_definition(d); !st)
            p.other = QString::fromStdString(st.error().message);
    return p;
}

} // namespace tl::ui
