#include <QtTest>

#include "dark_palette.h"
#include "gui_service.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStringListModel>
#include <QStyleFactory>
#include <QTableView>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "pages/media/media_page.h"
#include "pages/media/pool_dialog.h"
#include "pages/media/pool_table_model.h"
#include "pages/media/pools_panel.h"
#include "pages/media/volume_detail_models.h"
#include "pages/media/volume_details.h"
#include "pages/media/volume_filter_proxy.h"
#include "pages/media/volume_table_model.h"

using tl::ui::MediaPage;
using tl::ui::VolumeTableModel;
using tltest::run_cli;

namespace {
tltest::CliResult cli(const QString& home, QStringList args) {
    args.prepend(home);
    args.prepend(QStringLiteral("--home"));
    return run_cli(args);
}

// The catalog's volumes as `tapeloom-cli volume list --json` reads them, through the service.
QJsonArray volumes(const QString& home) {
    const auto r = cli(home, {"volume", "list", "--json"});
    if (r.exit_code != 0) qWarning("volume list: %s", r.err.constData());
    return r.json().array();
}

// Volume `barcode` as the CLI lists it; empty when the catalog does not know it.
QJsonObject volume(const QString& home, const QString& barcode) {
    for (const auto& v : volumes(home))
        if (v.toObject().value("barcode").toString() == barcode) return v.toObject();
    return {};
}

QString where(const QJsonObject& v) {
    return v.value("location").toObject().value("where").toString();
}

// The page's rows as shown (after the proxy) in column `column`.
QStringList shown(MediaPage& page, int column, int role = Qt::DisplayRole) {
    QStringList out;
    auto* p = page.volumeProxy();
    for (int r = 0; r < p->rowCount(); ++r)
        out << p->index(r, column).data(role).toString();
    return out;
}

void shot(QWidget& page, const QString& name) {
    const QString dir = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    page.resize(1280, 860);
    QApplication::processEvents();
    page.grab().save(dir + "/" + name + ".png");
}

} // namespace

// The Media page of a console beside the real service of fresh data directories with the
// default virtual library (24 blank cartridges): "Label all blank" labels every cartridge (the
// catalog says append and the label on the media says pool Default); a relabel of a volume
// holding a kept backup is refused without force, then forced (its job is purged); off-site at
// "Vault A" is refused in a slot and recorded from the mail slot; a pool added in the page is in
// `tapeloom-cli pool list`; the state filter shows only that state; a cartridge move refuses a
// labeling inline. Every change goes through the service's typed door (its route in the audit
// log, nothing tunnelled); the catalog is read back through the CLI.
class TestMediaPage : public QObject {
    Q_OBJECT

    QStringList questions_;
    void yes(MediaPage& page) {
        page.setConfirm([this](const QString& q) {
            questions_ << q;
            return true;
        });
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QSettings().remove(QStringLiteral("media"));
        tl::log::ring();
        if (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") == 1) tltest::use_dark_palette();
    }

    void labelAllBlank() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        {
            MediaPage page(c.ctx, gate);
            yes(page);
            page.show();
            QTRY_COMPARE(page.volumeModel()->rowCount(), 24); // blank, not in the catalog yet
            QVERIFY(volumes(home).isEmpty());
            page.stateFilter()->setCurrentIndex(page.stateFilter()->findData("blank"));
            QCOMPARE(page.volumeProxy()->rowCount(), 24);

            QSignalSpy done(&page, &MediaPage::taskFinished);
            QVERIFY(page.labelAllBlank(QStringLiteral("Default")));
            QVERIFY(
                !page.labelAllBlank(QStringLiteral("Default"))); // not the same cartridges twice
            QVERIFY(page.statusLabel()->text().contains(QStringLiteral("Labeling")));
            QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 120000);
            QVERIFY2(done.first().first().toString().isEmpty(),
                     qPrintable(done.first().first().toString()));
            const QStringList results = page.resultsModel()->stringList();
            QCOMPARE(results.size(), 24);
            for (const auto& line : results)
                QVERIFY2(line.endsWith(QStringLiteral(": labeled")), qPrintable(line));

            const auto vols = volumes(home);
            QCOMPARE(vols.size(), 24);
            for (const auto& v : vols) {
                QCOMPARE(v.toObject().value("state").toString(), QStringLiteral("append"));
                QCOMPARE(v.toObject().value("pool").toString(), QStringLiteral("Default"));
            }
            QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/label-blank"), 1);
            // The table follows: nothing blank is left, 24 append volumes of pool Default.
            QTRY_COMPARE(page.volumeProxy()->rowCount(), 0);
            page.stateFilter()->setCurrentIndex(page.stateFilter()->findData("append"));
            QCOMPARE(page.volumeProxy()->rowCount(), 24);
            page.stateFilter()->setCurrentIndex(0);
            QVERIFY(page.selectVolume(QStringLiteral("TLO005L9")));
            QTRY_COMPARE(page.details()->historyModel()->rowCount(), 1);
            QCOMPARE(page.details()
                         ->historyModel()
                         ->index(0, tl::ui::VolumeHistoryModel::To)
                         .data()
                         .toString(),
                     QStringLiteral("append"));
            QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
        }
        QCOMPARE(tltest::tunnelled(home), 0);
        auto list = cli(home, {"volume", "list", "--state", "append", "--json"});
        QVERIFY2(list.exit_code == 0, list.err.constData());
        QCOMPARE(list.json().array().size(), 24);
        // The label on the media, read back from the cartridge alone.
        for (const char* bc : {"TLO001L9", "TLO024L9"}) {
            auto ls = cli(home, {"volume", "ls", bc, "--json"});
            QVERIFY2(ls.exit_code == 0, ls.err.constData());
            QCOMPARE(ls.json().object().value("barcode").toString(), QString::fromLatin1(bc));
            QCOMPARE(ls.json().object().value("pool").toString(), QStringLiteral("Default"));
        }
    }

    // What the page shows is what the service holds, read through its typed GET routes (the
    // console opens no catalog of its own): a volume labeled and marked read-only through the
    // CLI, a pool added through the CLI, the library's other cartridges as blank ones; a later
    // change through the CLI is followed.
    void showsWhatTheServiceHolds() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const auto labeled =
            cli(home, {"volume", "label", "--barcode", "TLO007L9", "--pool", "Default"});
        QVERIFY2(labeled.exit_code == 0, labeled.err.constData());
        QCOMPARE(cli(home, {"volume", "mark", "TLO007L9", "read-only"}).exit_code, 0);
        QCOMPARE(cli(home, {"pool", "add", "Weekly", "--retention", "9"}).exit_code, 0);

        tl::ui::TaskBoard gate;
        {
            MediaPage page(c.ctx, gate);
            page.show();
            QTRY_VERIFY(page.volumeModel()->find(QStringLiteral("TLO007L9")));
            const auto* row = page.volumeModel()->find(QStringLiteral("TLO007L9"));
            QVERIFY(row->known);
            QCOMPARE(row->volume.state, tl::media::VolumeState::ReadOnly);
            QCOMPARE(row->volume.pool, std::string("Default"));
            QCOMPARE(row->mounts, 1); // the labeling's mount
            QVERIFY2(row->position.startsWith(QStringLiteral("slot ")), qPrintable(row->position));
            QCOMPARE(page.volumeModel()->rowCount(), 24); // 23 blank cartridges beside it
            QVERIFY(page.poolsPanel()->model()->names().contains(QStringLiteral("Weekly")));
            QVERIFY(page.poolFilter()->findData(QStringLiteral("Weekly")) >= 0);
            QVERIFY(page.selectVolume(QStringLiteral("TLO007L9")));
            QTRY_COMPARE(page.details()->historyModel()->rowCount(), 2); // append, read-only

            QCOMPARE(cli(home, {"volume", "mark", "TLO007L9", "disabled"}).exit_code, 0);
            QTRY_COMPARE(page.volumeModel()->find(QStringLiteral("TLO007L9"))->volume.state,
                         tl::media::VolumeState::Disabled);
            QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
        }
        for (const char* route : {"/v1/pools", "/v1/volumes", "/v1/keys", "/v1/libraries",
                                  "/v1/libraries/[^/]+/inventory", "/v1/volumes/TLO007L9/history",
                                  "/v1/volumes/TLO007L9/jobs"})
            QVERIFY2(tltest::queried(home, QString::fromLatin1(route)) > 0, route);
        QCOMPARE(tltest::queried(home), 0);
    }

    void relabelRefusedThenForced() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        for (int i = 0; i < 4; ++i)
            QVERIFY(tltest::write_file(src + QStringLiteral("/f%1.txt").arg(i),
                                       tltest::random_bytes(2000, quint32(i))));
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        auto backup = cli(home, {"backup", "--source", src, "--drives", "1", "--json"});
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString vol = backup.json().object().value("volumes").toArray().first().toString();
        const qint64 job = backup.json().object().value("job_id").toInteger();
        QVERIFY(!vol.isEmpty());
        QVERIFY(job > 0);
        QCOMPARE(volume(home, vol).value("jobs").toInt(), 1);

        tl::ui::TaskBoard gate;
        MediaPage page(c.ctx, gate);
        yes(page);
        page.show();
        QTRY_VERIFY(page.volumeModel()->find(vol));
        QVERIFY(page.selectVolume(vol));
        // Its job in the details; double-clicking it asks for the job's report.
        QTRY_COMPARE(page.details()->jobsModel()->rowCount(), 1);
        QVERIFY(page.volumeModel()->find(vol)->expires > 0); // the backup is kept
        // Its wear: the backup's mount and bytes, its health and forecast.
        const QString fields = page.details()->fieldsText();
        QVERIFY2(fields.contains(QStringLiteral("Wear: 1 mounts")), qPrintable(fields));
        QVERIFY2(fields.contains(QStringLiteral("of 260 full passes")), qPrintable(fields));
        QVERIFY2(fields.contains(QStringLiteral("health: ok")), qPrintable(fields));
        QSignalSpy report(&page, &MediaPage::openReport);
        Q_EMIT page.details()->jobsView()->doubleClicked(page.details()->jobsModel()->index(0, 0));
        QCOMPARE(report.count(), 1);
        QCOMPARE(report.first().first().toLongLong(), job);

        QSignalSpy done(&page, &MediaPage::taskFinished);
        QVERIFY(page.relabelSelected(QStringLiteral("Default"), false));
        QTRY_COMPARE(done.count(), 1);
        const QString refusal = done.first().first().toString();
        QVERIFY2(refusal.contains(QStringLiteral("retention")), qPrintable(refusal));
        QCOMPARE(page.statusLabel()->text(), refusal);
        QCOMPARE(volume(home, vol).value("jobs").toInt(), 1); // nothing changed
        QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/" + vol + "/label", true), 1);

        questions_.clear();
        QVERIFY(page.relabelSelected(QStringLiteral("Default"), true));
        QCOMPARE(questions_.size(), 1);
        QVERIFY2(questions_.first().contains(QStringLiteral("purged")), qPrintable(questions_[0]));
        QTRY_COMPARE(done.count(), 2);
        QVERIFY2(done.last().first().toString().isEmpty(),
                 qPrintable(done.last().first().toString()));
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("purged")));
        const auto after = volume(home, vol);
        QCOMPARE(after.value("state").toString(), QStringLiteral("append"));
        QCOMPARE(after.value("jobs").toInt(), 0);
        QCOMPARE(after.value("bytes").toInteger(), 0);
        QVERIFY(cli(home, {"jobs", "show", QString::number(job)}).exit_code != 0); // purged
        QTRY_COMPARE(page.details()->jobsModel()->rowCount(), 0);
        QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
        QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/" + vol + "/label"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
    }

    void offsitePoolsAndFilters() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        for (const char* bc : {"TLO003L9", "TLO004L9"})
            QCOMPARE(cli(home, {"volume", "label", "--barcode", bc, "--pool", "Default"}).exit_code,
                     0);
        QCOMPARE(cli(home, {"library", "export", "--barcode", "TLO003L9", "--mail", "1"}).exit_code,
                 0);
        const int tunnelledByCli = tltest::tunnelled(home); // the CLI's, not the page's
        tl::ui::TaskBoard gate;
        {
            MediaPage page(c.ctx, gate);
            yes(page);
            page.show();
            QTRY_COMPARE(page.volumeModel()->rowCount(), 24);
            QSignalSpy done(&page, &MediaPage::taskFinished);

            // In a slot: refused with the engine's reason, nothing recorded.
            QVERIFY(page.selectVolume(QStringLiteral("TLO004L9")));
            QVERIFY(page.markOffsiteSelected(QStringLiteral("Vault A")));
            QTRY_COMPARE(done.count(), 1);
            QVERIFY2(done.last().first().toString().contains(QStringLiteral("export")),
                     qPrintable(done.last().first().toString()));
            QCOMPARE(where(volume(home, "TLO004L9")), QStringLiteral("library"));
            QCOMPARE(tltest::audited(home, "PATCH", "/v1/volumes/TLO004L9", true), 1);

            // From the mail slot: recorded outside at Vault A, and the table says so.
            QVERIFY(page.selectVolume(QStringLiteral("TLO003L9")));
            QVERIFY(page.markOffsiteSelected(QStringLiteral("Vault A")));
            QTRY_COMPARE(done.count(), 2);
            QVERIFY2(done.last().first().toString().isEmpty(),
                     qPrintable(done.last().first().toString()));
            const auto out = volume(home, "TLO003L9");
            QCOMPARE(where(out), QStringLiteral("outside"));
            QCOMPARE(out.value("location").toObject().value("site").toString(),
                     QStringLiteral("Vault A"));
            QCOMPARE(tltest::audited(home, "PATCH", "/v1/volumes/TLO003L9"), 1);
            page.filterField()->setText(QStringLiteral("vault a"));
            QTRY_COMPARE(shown(page, VolumeTableModel::Barcode),
                         QStringList{QStringLiteral("TLO003L9")});
            QVERIFY(shown(page, VolumeTableModel::Location).first().contains("Vault A"));
            page.filterField()->clear();

            // The main actions have their shortcuts; Delete is no action's.
            QCOMPARE(page.action(MediaPage::Action::Label)->shortcut(),
                     QKeySequence(Qt::CTRL | Qt::Key_L));
            QCOMPARE(page.action(MediaPage::Action::LabelAllBlank)->shortcut(),
                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
            QCOMPARE(page.action(MediaPage::Action::Refresh)->shortcut(), QKeySequence(Qt::Key_F5));
            for (auto* a : page.actions())
                QVERIFY(a->shortcut() != QKeySequence(QKeySequence::Delete));

            // A cartridge moving on the Library page refuses a labeling inline; nothing starts.
            const qint64 move =
                gate.begin(QStringLiteral("Library move of TLO009"), tl::ui::TaskKind::Exclusive);
            QVERIFY(move);
            QVERIFY(!page.labelAllBlank(QStringLiteral("Default")));
            QVERIFY(page.statusLabel()->text().contains(QStringLiteral("Library move of TLO009")));
            gate.end(move);

            QSignalSpy poolsChanged(page.poolsPanel(), &tl::ui::PoolsPanel::changed);
            // Default cannot be removed: the engine's reason is shown in the page.
            QVERIFY(page.poolsPanel()->removePool(QStringLiteral("Default")));
            QTRY_COMPARE(poolsChanged.count(), 1);
            poolsChanged.clear();
            QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("Default")) &&
                         !page.statusLabel()->text().contains(QStringLiteral("removed.")),
                     qPrintable(page.statusLabel()->text()));
            QVERIFY(page.poolsPanel()->model()->names().contains(QStringLiteral("Default")));

            // A pool added in the page (validated in its dialog first).
            tl::ui::PoolDialog dialog(nullptr, page.poolsPanel()->model()->names());
            dialog.nameField()->setText(QStringLiteral("Default"));
            QVERIFY(dialog.problems().contains(QStringLiteral("exists")));
            dialog.nameField()->setText(QStringLiteral("Offsite"));
            dialog.retentionField()->setValue(90);
            dialog.fileRetentionField()->setValue(120);
            QVERIFY(dialog.problems().contains(QStringLiteral("File retention")));
            dialog.fileRetentionField()->setValue(60);
            dialog.maxBytesField()->setText(QStringLiteral("lots"));
            QVERIFY(!dialog.problems().isEmpty());
            dialog.maxBytesField()->setText(QStringLiteral("400G"));
            QVERIFY2(dialog.problems().isEmpty(), qPrintable(dialog.problems()));
            QVERIFY(page.poolsPanel()->addPool(dialog.name(), dialog.values()));
            QTRY_COMPARE(poolsChanged.count(), 1);
            QTRY_VERIFY(page.poolsPanel()->model()->names().contains(QStringLiteral("Offsite")));
            QCOMPARE(page.statusLabel()->text(), QStringLiteral("Pool Offsite added."));

            // The state filter shows only the chosen state.
            auto* states = page.stateFilter();
            states->setCurrentIndex(states->findData(QStringLiteral("append")));
            QCOMPARE(shown(page, 0, VolumeTableModel::StateRole),
                     QStringList({QStringLiteral("append"), QStringLiteral("append")}));
            states->setCurrentIndex(states->findData(QStringLiteral("blank")));
            QCOMPARE(page.volumeProxy()->rowCount(), 22);
            QVERIFY(!shown(page, VolumeTableModel::Barcode).contains(QStringLiteral("TLO003L9")));
            states->setCurrentIndex(0);

            QVERIFY(page.selectVolume(QStringLiteral("TLO003L9")));
            QTRY_VERIFY(page.details()->historyModel()->rowCount() >= 2);
            shot(page, qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") == 1
                           ? QStringLiteral("media-dark")
                           : QStringLiteral("media"));
            QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
        }
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/pools/Default", true), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/pools"), 1);
        QCOMPARE(tltest::tunnelled(home), tunnelledByCli);
        auto pools = cli(home, {"pool", "list", "--json"});
        QVERIFY2(pools.exit_code == 0, pools.err.constData());
        bool found = false;
        for (const auto& p : pools.json().array())
            if (p.toObject().value("name").toString() == QLatin1String("Offsite")) {
                found = true;
                QCOMPARE(p.toObject().value("retention_days").toInt(), 90);
                QCOMPARE(p.toObject().value("file_retention_days").toInt(), 60);
            }
        QVERIFY(found);
    }

    // Issue 42, item 3: typing 35 into Job retention went through 3, which cut File retention
    // to 3 days. Typed as a user types, file retention follows while it was equal and keeps a
    // value of its own; the pools created have the typed retentions.
    void typedRetentionKeepsFileRetention() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        {
            MediaPage page(c.ctx, gate);
            QSignalSpy poolsChanged(page.poolsPanel(), &tl::ui::PoolsPanel::changed);
            auto type = [](QSpinBox* field, const QString& text) {
                field->setFocus();
                field->selectAll();
                QTest::keyClicks(field, text);
            };
            {
                tl::ui::PoolDialog dialog(nullptr, page.poolsPanel()->model()->names());
                dialog.show();
                QVERIFY(QTest::qWaitForWindowExposed(&dialog));
                dialog.nameField()->setText(QStringLiteral("Weekly"));
                type(dialog.retentionField(), QStringLiteral("35"));
                QCOMPARE(dialog.retentionField()->value(), 35);
                QCOMPARE(dialog.fileRetentionField()->value(), 35);
                QVERIFY2(dialog.problems().isEmpty(), qPrintable(dialog.problems()));
                QVERIFY(page.poolsPanel()->addPool(dialog.name(), dialog.values()));
                QTRY_COMPARE(poolsChanged.count(), 1);
            }
            {
                tl::ui::PoolDialog dialog(nullptr, page.poolsPanel()->model()->names());
                dialog.show();
                QVERIFY(QTest::qWaitForWindowExposed(&dialog));
                dialog.nameField()->setText(QStringLiteral("Monthly"));
                type(dialog.fileRetentionField(), QStringLiteral("10"));
                type(dialog.retentionField(), QStringLiteral("90"));
                QCOMPARE(dialog.retentionField()->value(), 90);
                QCOMPARE(dialog.fileRetentionField()->value(), 10);
                QVERIFY2(dialog.problems().isEmpty(), qPrintable(dialog.problems()));
                QVERIFY(page.poolsPanel()->addPool(dialog.name(), dialog.values()));
                QTRY_COMPARE(poolsChanged.count(), 2);
            }
            QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
        }
        QCOMPARE(tltest::audited(home, "POST", "/v1/pools"), 2);
        auto pools = cli(home, {"pool", "list", "--json"});
        QVERIFY2(pools.exit_code == 0, pools.err.constData());
        QMap<QString, QPair<int, int>> retention;
        for (const auto& p : pools.json().array())
            retention[p.toObject().value("name").toString()] = {
                p.toObject().value("retention_days").toInt(),
                p.toObject().value("file_retention_days").toInt()};
        QCOMPARE(retention.value(QStringLiteral("Weekly")), qMakePair(35, 35));
        QCOMPARE(retention.value(QStringLiteral("Monthly")), qMakePair(90, 10));
    }
};

QTEST_MAIN(TestMediaPage)
#include "test_media_page.moc"
