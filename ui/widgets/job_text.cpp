#include "widgets/job_text.h"

namespace tl::ui {

QString JobText::kind(const QString& kind) {
    if (kind == QLatin1String("backup")) return tr("backup");
    if (kind == QLatin1String("restore")) return tr("restore");
    if (kind == QLatin1String("verify")) return tr("verify");
    if (kind == QLatin1String("scan")) return tr("scan");
    if (kind == QLatin1String("clone")) return tr("clone");
    return kind;
}

QString JobText::level(const QString& kind, const QString& level) {
    if (kind != QLatin1String("backup")) return {};
    if (level == QLatin1String("full")) return tr("full");
    if (level == QLatin1String("diff")) return tr("differential");
    if (level == QLatin1String("incr")) return tr("incremental");
    return level;
}

QString JobText::status(const QString& status) {
    if (status == QLatin1String("running")) return tr("running");
    if (status == QLatin1String("completed")) return tr("completed");
    if (status == QLatin1String("warnings")) return tr("completed with warnings");
    if (status == QLatin1String("partial")) return tr("partial");
    if (status == QLatin1String("failed")) return tr("failed");
    if (status == QLatin1String("cancelled")) return tr("cancelled");
    if (status == QLatin1String("media-missing")) return tr("volumes outside the library");
    return status;
}

QString JobText::status(const QString& kind, const QString& status) {
    if (status != QLatin1String("partial")) return JobText::status(status);
    if (kind == QLatin1String("backup")) return tr("partly backed up");
    if (kind == QLatin1String("restore")) return tr("partly restored");
    if (kind == QLatin1String("verify")) return tr("partly verified");
    if (kind == QLatin1String("scan")) return tr("partly scanned");
    if (kind == QLatin1String("clone")) return tr("partly cloned");
    return JobText::status(status);
}

QString JobText::activity(const QString& a) {
    if (a == QLatin1String("idle")) return tr("idle");
    if (a == QLatin1String("mounting")) return tr("mounting");
    if (a == QLatin1String("positioning")) return tr("positioning");
    if (a == QLatin1String("writing")) return tr("writing");
    if (a == QLatin1String("reading")) return tr("reading");
    if (a == QLatin1String("waiting for media")) return tr("waiting for media");
    if (a == QLatin1String("waiting for a drive")) return tr("waiting for a drive");
    if (a == QLatin1String("done")) return tr("done");
    if (a == QLatin1String("failed")) return tr("failed");
    return a;
}

QString JobText::name(const QString& kind, const QString& name) {
    if (kind != QLatin1String("restore")) return name;
    if (name == QLatin1String("to original location")) return tr("to original location");
    if (name.startsWith(QLatin1String("to "))) return tr("to %1").arg(name.mid(3));
    return name;
}

} // namespace tl::ui
