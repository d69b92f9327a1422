#include "pages/media/media_actions.h"

#include <QMessageBox>
#include <QPointer>
#include <QWidget>
#include <memory>

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"
#include "pages/media/media_ops.h"

namespace tl::ui {

namespace {
// The typed door's calls (client/api.h) these actions make.
// What the label did goes to `message` ("… labeled for pool …; 1 job(s) purged").
ApiCall labelCall(const std::string& barcode, const std::string& pool, bool relabel, bool force,
                  std::shared_ptr<QString> message) {
    client::LabelRequest r;
    r.pool = pool;
    r.relabel = relabel;
    r.force = force;
    return [barcode, r, message](client::Api& api) -> Status {
        auto l = api.label_volume(barcode, r);
        if (!l) return l.error();
        *message = MediaOps::labeledText(barcode, l->volume.pool, l->jobs_purged);
        return {};
    };
}

ApiCall changeCall(const std::string& barcode, client::VolumeChange change) {
    return [barcode, change](client::Api& api) { return done(api.change_volume(barcode, change)); };
}

ApiCall stateCall(const std::string& barcode, media::VolumeEvent event, const QString& reason) {
    client::VolumeChange c;
    c.state = event == media::VolumeEvent::MarkReadOnly ? "read-only"
              : event == media::VolumeEvent::Disable    ? "disabled"
              : event == media::VolumeEvent::Enable     ? "enabled"
                                                        : "error";
    c.reason = reason.toStdString();
    return changeCall(barcode, c);
}

ApiCall offsiteCall(const std::string& barcode, const std::string& site) {
    client::VolumeChange c;
    c.site = site;
    return changeCall(barcode, c);
}

ApiCall onsiteCall(const std::string& barcode) {
    client::VolumeChange c;
    c.onsite = true;
    return changeCall(barcode, c);
}
} // namespace

MediaActions::MediaActions(const ConsoleContext& ctx, TaskBoard& board, QWidget* dialogParent)
    : QObject(dialogParent), ctx_(ctx), board_(board), parent_(dialogParent) {
    confirm_ = [this](const QString& q) {
        return QMessageBox::question(parent_, tr("Media"), q) == QMessageBox::Yes;
    };
}

bool MediaActions::refuseEmpty(const QString& barcode) {
    if (!barcode.isEmpty()) return false;
    Q_EMIT status(tr("Select a volume first."), true);
    return true;
}

bool MediaActions::start(const QString& what, bool usesDrives, std::function<QString()> work,
                         const QString& success, std::shared_ptr<QString> detail) {
    if (usesDrives && !labeling_.isEmpty()) { // not the same blank cartridges twice
        Q_EMIT status(
            tr("Not now: %1 is still running; try again when it has ended.").arg(labeling_), true);
        return false;
    }
    auto done = [this, success, detail, usesDrives](const QString& error) {
        if (usesDrives) labeling_.clear();
        --running_;
        const QString ok = detail && !detail->isEmpty() ? *detail : success;
        Q_EMIT status(error.isEmpty() ? ok : error, !error.isEmpty());
        Q_EMIT runningChanged(running_ > 0);
        Q_EMIT finished(error);
    };
    QString whyNot;
    bool started = true;
    if (usesDrives)
        started = runEngineTask(board_, this, {what, TaskKind::Job, QStringLiteral("label")},
                                std::move(work), std::move(done), &whyNot);
    else
        runCatalogTask(board_, this, what, std::move(work), std::move(done));
    if (!started) {
        Q_EMIT status(tr("Not now: %1").arg(whyNot), true);
        return false;
    }
    ++running_;
    if (usesDrives) labeling_ = what;
    Q_EMIT status(what + QStringLiteral("…"), false);
    Q_EMIT runningChanged(true);
    return true;
}

bool MediaActions::label(const QString& barcode, const QString& pool) {
    if (refuseEmpty(barcode)) return false;
    const std::string bc = barcode.toStdString(), p = pool.toStdString();
    auto message = std::make_shared<QString>();
    return start(
        tr("Labeling %1").arg(QString::fromStdString(bc)), true,
        throughService(ctx_.door, "volume label " + bc, labelCall(bc, p, false, false, message)),
        tr("Volume %1 labeled for pool %2.").arg(QString::fromStdString(bc), pool), message);
}

// The typed door's label_blank (POST /v1/volumes/label-blank), whose labeled and skipped
// cartridges are the list.
bool MediaActions::labelAllBlank(const QString& pool, const QString& barcodePattern) {
    const QString pattern = barcodePattern.trimmed();
    const QPointer<QObject> guard(this); // looked at on the GUI thread only
    const DoorAddress door = ctx_.door;
    client::BlankLabelRequest request;
    request.pool = pool.toStdString();
    request.pattern = pattern.toStdString();
    auto summary = std::make_shared<QString>();
    const bool started = start(
        tr("Labeling the blank cartridges into pool %1").arg(pool), true,
        [this, door, request, guard, pattern, pool, summary] {
            auto report = std::make_shared<client::BlankLabeled>();
            const QString error =
                callService(door, "volume label --all-blank", [&](client::Api& api) -> Status {
                    auto r = api.label_blank(request);
                    if (!r) return r.error();
                    *report = std::move(r.value());
                    return {};
                });
            QStringList lines;
            for (const auto& b : report->labeled)
                lines << tr("%1: labeled").arg(QString::fromStdString(b));
            for (const auto& k : report->skipped)
                lines << tr("%1: not labeled: %2")
                             .arg(QString::fromStdString(k.barcode), QString::fromStdString(k.why));
            const bool none = lines.isEmpty();
            if (none && error.isEmpty())
                lines << (pattern.isEmpty() ? tr("No blank cartridge to label.")
                                            : tr("No blank cartridge matches %1.").arg(pattern));
            // With a pattern how many matched, never "every"; nothing to label said as such.
            const int ok = static_cast<int>(report->labeled.size());
            if (!pattern.isEmpty())
                *summary = tr("%n blank cartridge(s) matching %1 labeled into pool %2 (see the "
                              "list); blank cartridges that do not match stay blank.",
                              nullptr, ok)
                               .arg(pattern, pool);
            else if (none && !lines.isEmpty()) // nothing to label; on an error the list is empty
                *summary = lines.front();
            postToGui(guard, [this, lines] { Q_EMIT results(lines); });
            if (!error.isEmpty() || report->skipped.empty()) return error;
            return tr("%1 of %2 cartridge(s) labeled; the others are listed with the reason.")
                .arg(report->labeled.size())
                .arg(report->labeled.size() + report->skipped.size());
        },
        tr("Every blank cartridge is labeled into pool %1 (see the list).").arg(pool), summary);
    if (started) Q_EMIT results({});
    return started;
}

bool MediaActions::relabel(const QString& barcode, const QString& pool, bool force, qint64 jobs) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    const QString question =
        force ? tr("Relabel volume %1 into pool %2 with force? Whatever it holds is overwritten "
                   "and its %n job(s) are purged from the catalog; they cannot be restored.",
                   nullptr, static_cast<int>(jobs))
                    .arg(bc, pool)
              : tr("Relabel volume %1 into pool %2? This is refused while it holds data under "
                   "retention.")
                    .arg(bc, pool);
    if (!confirm(question)) return false;
    const std::string b = bc.toStdString(), p = pool.toStdString();
    auto message = std::make_shared<QString>();
    return start(
        tr("Relabeling %1").arg(bc), true,
        throughService(ctx_.door, "volume relabel " + b, labelCall(b, p, true, force, message)),
        tr("Volume %1 relabeled for pool %2.").arg(bc, pool), message);
}

bool MediaActions::recycle(const QString& barcode, bool force) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    if (!confirm(force
                     ? tr("Recycle volume %1 with force? Its data is given up: the next "
                          "backup overwrites it and its jobs are purged from the catalog.")
                           .arg(bc)
                     : tr("Recycle volume %1? The next backup of its pool overwrites it.").arg(bc)))
        return false;
    const std::string b = bc.toStdString();
    return start(
        tr("Recycling %1").arg(bc), false,
        throughService(ctx_.door, "volume recycle " + b,
                       [b, force](client::Api& api) { return done(api.recycle_volume(b, force)); }),
        tr("Volume %1 is recyclable.").arg(bc));
}

bool MediaActions::mark(const QString& barcode, media::VolumeEvent event) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    const std::string b = bc.toStdString();
    const QString reason =
        QStringLiteral("marked %1 in the console")
            .arg(event == media::VolumeEvent::IoError ? QStringLiteral("damaged")
                                                      : QString::fromUtf8(media::to_string(event)));
    return start(tr("Changing the state of %1").arg(bc), false,
                 throughService(ctx_.door, "volume mark " + b, stateCall(b, event, reason)),
                 tr("Volume %1 changed.").arg(bc));
}

bool MediaActions::markOffsite(const QString& barcode, const QString& location) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    const std::string b = bc.toStdString(), site = location.trimmed().toStdString();
    return start(tr("Marking %1 off-site").arg(bc), false,
                 throughService(ctx_.door, "volume mark " + b + " offsite", offsiteCall(b, site)),
                 tr("Volume %1 is recorded at %2.").arg(bc, location.trimmed()));
}

bool MediaActions::markOnsite(const QString& barcode) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    const std::string b = bc.toStdString();
    return start(tr("Marking %1 on-site").arg(bc), false,
                 throughService(ctx_.door, "volume mark " + b + " onsite", onsiteCall(b)),
                 tr("Volume %1 is recorded back on site.").arg(bc));
}

bool MediaActions::move(const QString& barcode, const QString& location) {
    if (refuseEmpty(barcode)) return false;
    const QString bc = barcode;
    const std::string b = bc.toStdString(), site = location.trimmed().toStdString();
    return start(tr("Moving %1").arg(bc), false,
                 throughService(ctx_.door, "volume mark " + b + " offsite", offsiteCall(b, site)),
                 tr("Volume %1 is recorded at %2.").arg(bc, location.trimmed()));
}
} // namespace tl::ui
