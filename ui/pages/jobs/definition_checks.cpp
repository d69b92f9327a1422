#include "pages/jobs/definition_checks.h"

#include <algorithm>
#include <cctype>

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

DefinitionProblems DefinitionChecks::check(const schedule::JobDefinition& d,
                                           const QStringList& taken, const QStringList& pools,
                                           int libraryDrives) {
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
        auto spec = source::parse_source(s);
        if (spec) continue;
        p.sources = spec.error().kind == ErrorKind::NotFound
                        ? tr("%1 does not exist.").arg(QString::fromStdString(s))
                        : tr("%1: %2").arg(QString::fromStdString(s),
                                           QString::fromStdString(spec.error().message));
        break;
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
