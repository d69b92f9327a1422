#include <QtTest>

#include "dark_palette.h"
#include "gui_service.h"

#include <QApplication>
#include <QMimeData>
#include <QPalette>
#include <QPushButton>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTableView>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "pages/library/difference_model.h"
#include "pages/library/element_widget.h"
#include "pages/library/library_page.h"
#include "pages/library/library_view.h"

#include <QJsonArray>
#include <QJsonObject>

using tl::device::ElementType;
using tl::ui::ElementWidget;
using tl::ui::LibraryPage;
using tl::ui::Place;
using tltest::run_cli;
using tltest::with_home;

namespace {
// The changer as `tapeloom-cli library inventory --json` reads it, through the service.
QJsonObject changer(const QString& home) {
    const auto r = run_cli(with_home(home, {"library", "inventory", "--json"}));
    if (r.exit_code != 0) qWarning("library inventory: %s", r.err.constData());
    return r.json().object();
}

// The barcode in drive `n` or slot (storage or mail) `n` of `inv`; empty when it is empty.
QString at(const QJsonObject& inv, ElementType t, int n) {
    const QString list = t == ElementType::Drive      ? QStringLiteral("drives")
                         : t == ElementType::MailSlot ? QStringLiteral("mail_slots")
                                                      : QStringLiteral("slots");
    const QString key = t == ElementType::Drive ? QStringLiteral("drive") : QStringLiteral("slot");
    for (const auto& v : inv.value(list).toArray()) {
        const auto e = v.toObject();
        if (e.value(key).toInt() == n)
            return e.value("full").toBool() ? e.value("barcode").toString() : QString();
    }
    return {};
}

// Volume `barcode` as `tapeloom-cli volume list --json` lists it, through the service.
QJsonObject volume(const QString& home, const QString& barcode) {
    const auto r = run_cli(with_home(home, {"volume", "list", "--json"}));
    if (r.exit_code != 0) qWarning("volume list: %s", r.err.constData());
    for (const auto& v : r.json().array())
        if (v.toObject().value("barcode").toString() == barcode) return v.toObject();
    return {};
}

void cli(const QStringList& args) {
    const auto r = run_cli(args);
    QVERIFY2(r.exit_code == 0, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
}

// Drops the cartridge of `from` onto `to` as a drag and drop does (the page's drop handler).
void drop(LibraryPage& page, Place from, Place to) {
    ElementWidget* target = page.view()->element(to);
    QVERIFY(target);
    QMimeData mime;
    mime.setData(QString::fromLatin1(ElementWidget::kMimeType), ElementWidget::encode(from));
    const QPointF pos = QRectF(target->rect()).center();
    QDragEnterEvent enter(pos.toPoint(), Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent ev(pos, Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &ev);
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

// The Library page of a console beside the real service of a fresh data directory with the
// default virtual library (3 volumes in Default, one in Weekly, one read-only, the rest unknown to
// the catalog): the drawing shows every slot with the barcode the changer reports; load, unload
// (by the page's API, by Enter, by a drop), export to the mail slot and mark off-site at "Vault A"
// change the changer and the catalog as the CLI reads them back, each through the service's typed
// door (the audit log names its route; nothing tunnelled); an export from a drive and a drop onto
// a full slot are refused inline with nothing moved; a running job refuses a move; a hand move
// shows up in the inventory and the reconcile records it.
class TestLibraryPage : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;
    tltest::ConsoleBesideService c_;

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
        QSettings().remove(QStringLiteral("library")); // the page's remembered layout
        if (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") == 1) {
            tltest::use_dark_palette();
        }
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        c_ = tltest::console_beside_service(home_);
        QVERIFY(c_);
        for (const char* bc : {"TLO001L9", "TLO002L9", "TLO003L9", "TLO005L9"})
            cli({"--home", home_, "volume", "label", "--barcode", bc, "--pool", "Default"});
        cli({"--home", home_, "pool", "add", "Weekly"});
        cli({"--home", home_, "volume", "label", "--barcode", "TLO004L9", "--pool", "Weekly"});
        cli({"--home", home_, "volume", "mark", "TLO005L9", "read-only"});
        QVERIFY(!QTest::currentTestFailed());
    }

    void cleanupTestCase() {
        QCOMPARE(tltest::tunnelled(home_), 0);
        c_ = {};
    }

    void drawsEverySlotTheChangerReports() {
        tl::ui::TaskBoard gate;
        LibraryPage page(c_.ctx, gate);
        QSignalSpy refreshed(&page, &LibraryPage::refreshed);
        page.show();
        QTRY_VERIFY(refreshed.count() >= 1);
        const auto inv = changer(home_);
        const auto drives = inv.value("drives").toArray(), storage = inv.value("slots").toArray(),
                   mail = inv.value("mail_slots").toArray();
        QCOMPARE(storage.size(), 24);
        QCOMPARE(page.view()->elements().size(),
                 std::size_t(drives.size() + storage.size() + mail.size()));
        for (const auto& [type, list] : {std::pair{ElementType::Drive, drives},
                                         {ElementType::Slot, storage},
                                         {ElementType::MailSlot, mail}})
            for (const auto& v : list) {
                const auto e = v.toObject();
                const int n = e.value(type == ElementType::Drive ? "drive" : "slot").toInt();
                auto* w = page.view()->element({type, n});
                QVERIFY(w);
                QCOMPARE(w->content().full, e.value("full").toBool());
                QCOMPARE(w->content().barcode, e.value("barcode").toString());
                if (w->content().full) QVERIFY(w->accessibleName().contains(w->content().barcode));
            }
        QCOMPARE(page.view()->element({ElementType::Slot, 1})->accessibleName(),
                 QStringLiteral("Slot 1: TLO001L9, Default, Append"));
        QCOMPARE(page.view()->element({ElementType::Slot, 4})->accessibleName(),
                 QStringLiteral("Slot 4: TLO004L9, Weekly, Append"));
        QCOMPARE(page.view()->element({ElementType::MailSlot, 25})->accessibleName(),
                 QStringLiteral("Mail 1: empty"));
        QVERIFY(page.view()->element({ElementType::Slot, 5})->toolTip().contains("Read-only"));
        QVERIFY(page.view()->legendText().contains("Not in the catalog"));
        // A cartridge labeled through the CLI meanwhile is drawn with its pool and state at the
        // next refresh: the page reads what the service holds, through its typed GET routes.
        cli({"--home", home_, "volume", "label", "--barcode", "TLO006L9", "--pool", "Weekly"});
        QTRY_COMPARE(page.view()->element({ElementType::Slot, 6})->accessibleName(),
                     QStringLiteral("Slot 6: TLO006L9, Weekly, Append"));
        QCOMPARE(page.snapshot().drives.size(), std::size_t(drives.size()));
        const auto status = run_cli(with_home(home_, {"library", "status", "--json"}));
        QCOMPARE(QString::fromStdString(page.snapshot().drives.front().name), status.json()
                                                                                  .object()
                                                                                  .value("drives")
                                                                                  .toArray()
                                                                                  .first()
                                                                                  .toObject()
                                                                                  .value("name")
                                                                                  .toString());
        for (const char* route : {"/v1/libraries", "/v1/libraries/[^/]+",
                                  "/v1/libraries/[^/]+/inventory", "/v1/volumes"})
            QVERIFY2(tltest::queried(home_, QString::fromLatin1(route)) > 0, route);
        QCOMPARE(tltest::queried(home_), 0);

        // Arrow keys walk the drawing: right to the next slot, down to the next row.
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        auto* s1 = page.view()->element({ElementType::Slot, 1});
        // Laid out: slot 2 right of slot 1, slot 7 below it.
        QTRY_VERIFY(page.view()->element({ElementType::Slot, 2})->x() > s1->x() &&
                    page.view()->element({ElementType::Slot, 7})->y() > s1->y());
        s1->setFocus();
        QTest::keyClick(s1, Qt::Key_Right);
        QTRY_COMPARE(QApplication::focusWidget(), page.view()->element({ElementType::Slot, 2}));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
        QTRY_COMPARE(QApplication::focusWidget(), page.view()->element({ElementType::Slot, 8}));
    }

    void movesExportAndOffsite() {
        tl::ui::TaskBoard gate;
        LibraryPage page(c_.ctx, gate);
        QSignalSpy refreshed(&page, &LibraryPage::refreshed);
        QSignalSpy moved(&page, &LibraryPage::moveFinished);
        page.show();
        QTRY_VERIFY(refreshed.count() >= 1);
        auto waitMove = [&](int n) {
            QTRY_COMPARE_WITH_TIMEOUT(moved.count(), n, 30000);
            QCOMPARE(moved.last().first().toString(), QString());
            const int r = int(refreshed.count());
            QTRY_VERIFY(refreshed.count() > r);
        };

        // Load slot 1 into drive 0 through the page's action; the changer says so.
        QVERIFY(page.load(1, 0));
        waitMove(1);
        QCOMPARE(at(changer(home_), ElementType::Drive, 0), QStringLiteral("TLO001L9"));
        QCOMPARE(page.view()->element({ElementType::Drive, 0})->content().barcode,
                 QStringLiteral("TLO001L9"));
        // Unload to its home slot.
        QVERIFY(page.unload(0));
        waitMove(2);
        auto inv = changer(home_);
        QCOMPARE(at(inv, ElementType::Drive, 0), QString());
        QCOMPARE(at(inv, ElementType::Slot, 1), QStringLiteral("TLO001L9"));

        // Enter on slot 3 runs its default action: load into the first empty drive (0).
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        auto* s3 = page.view()->element({ElementType::Slot, 3});
        s3->setFocus();
        QTest::keyClick(s3, Qt::Key_Return);
        waitMove(3);
        QCOMPARE(at(changer(home_), ElementType::Drive, 0), QStringLiteral("TLO003L9"));

        // Export of the cartridge in drive 0 (a drop onto the mail slot): refused, nothing moved.
        const auto before = changer(home_);
        drop(page, {ElementType::Drive, 0}, {ElementType::MailSlot, 25});
        QVERIFY2(page.statusText().contains("unload it first"), qPrintable(page.statusText()));
        QVERIFY(!page.busy());
        // A drop onto a full slot: refused with the changer's reason.
        drop(page, {ElementType::Slot, 4}, {ElementType::Slot, 5});
        QVERIFY2(page.statusText().contains("slot 5 is full"), qPrintable(page.statusText()));
        QCOMPARE(moved.count(), 3);
        const auto after = changer(home_);
        for (int n = 1; n <= 26; ++n)
            QCOMPARE(at(after, ElementType::Slot, n), at(before, ElementType::Slot, n));
        QCOMPARE(at(after, ElementType::Drive, 0), QStringLiteral("TLO003L9"));

        // While a job of the console runs, moves are refused with its name.
        const qint64 job = gate.begin(QStringLiteral("Backup job 7"));
        QVERIFY(job);
        QVERIFY(!page.unload(0));
        QVERIFY2(page.statusText().contains("Backup job 7"), qPrintable(page.statusText()));
        gate.end(job);

        // Export slot 2 by a drop onto mail slot 1: the changer has it there.
        drop(page, {ElementType::Slot, 2}, {ElementType::MailSlot, 25});
        waitMove(4);
        QCOMPARE(at(changer(home_), ElementType::MailSlot, 25), QStringLiteral("TLO002L9"));
        QCOMPARE(page.lastExported(), QStringLiteral("TLO002L9"));
        shot(page, qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") == 1
                       ? QStringLiteral("library-dark")
                       : QStringLiteral("library"));
        drop(page, {ElementType::Drive, 0}, {ElementType::Slot, 3}); // unload by a drop
        waitMove(5);
        QCOMPARE(at(changer(home_), ElementType::Slot, 3), QStringLiteral("TLO003L9"));

        // "Mark off-site…" after the export, answered "Vault A": the catalog says outside there.
        QSignalSpy marked(&page, &LibraryPage::offsiteMarked);
        page.setAskSite([](const QString&) { return QStringLiteral("Vault A"); });
        QVERIFY(page.markExportedOffsite());
        QTRY_COMPARE_WITH_TIMEOUT(marked.count(), 1, 30000);
        QCOMPARE(marked.first().at(1).toString(), QString());
        const auto v = volume(home_, QStringLiteral("TLO002L9")).value("location").toObject();
        QCOMPARE(v.value("where").toString(), QStringLiteral("outside"));
        QCOMPARE(v.value("site").toString(), QStringLiteral("Vault A"));
        QCOMPARE(at(changer(home_), ElementType::MailSlot, 25), QString());
        // Every move and the mark went through the typed door, as the audit log says.
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/load"), 2);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/unload"), 2);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/export"), 1);
        QCOMPARE(tltest::audited(home_, "PATCH", "/v1/volumes/TLO002L9"), 1);
        QVERIFY(gate.waitReadsDone(60000));
    }

    void inventoryShowsAHandMoveAndReconcileRecordsIt() {
        // By hand, behind the engine's back: TLO001L9 from slot 1 into the empty slot 2.
        const QString state = home_ + "/libraries/vlib0/changer/state.json";
        QFile f(state);
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto doc = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        auto slotArr = doc.value("slots").toArray();
        QCOMPARE(slotArr[0].toString(), QStringLiteral("TLO001L9"));
        QCOMPARE(slotArr[1].toString(), QString());
        slotArr[1] = slotArr[0];
        slotArr[0] = QString();
        doc["slots"] = slotArr;
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(doc).toJson());
        f.close();

        tl::ui::TaskBoard gate;
        LibraryPage page(c_.ctx, gate);
        QSignalSpy refreshed(&page, &LibraryPage::refreshed);
        QSignalSpy done(&page, &LibraryPage::inventoryFinished);
        page.show();
        QTRY_VERIFY(refreshed.count() >= 1);
        QCOMPARE(page.view()->element({ElementType::Slot, 2})->content().barcode,
                 QStringLiteral("TLO001L9"));

        QVERIFY(page.runInventory());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(done.first().first().toString(), QString());
        auto* m = page.differences();
        const int row = m->rowOf(QStringLiteral("TLO001L9"));
        QVERIFY(row >= 0);
        using Col = tl::ui::DifferenceModel;
        QCOMPARE(m->index(row, Col::Kind).data(Qt::UserRole).toString(), QStringLiteral("moved"));
        QCOMPARE(m->index(row, Col::Was).data().toString(), QStringLiteral("slot 1 of vlib0"));
        QCOMPARE(m->index(row, Col::Now).data().toString(), QStringLiteral("slot 2"));
        QVERIFY(page.differencesTable()->model()->rowCount() == m->rowCount());
        shot(page, qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") == 1
                       ? QStringLiteral("library-inventory-dark")
                       : QStringLiteral("library-inventory"));
        // The dry run changed nothing.
        const auto slotOf = [this] {
            return volume(home_, QStringLiteral("TLO001L9"))
                .value("location")
                .toObject()
                .value("slot")
                .toInt();
        };
        QCOMPARE(slotOf(), 1);

        // Refused without the confirmation; recorded with it.
        page.setConfirm([](const QString&) { return false; });
        QVERIFY(!page.reconcile());
        page.setConfirm([](const QString&) { return true; });
        QVERIFY(page.reconcile());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 30000);
        QCOMPARE(done.last().first().toString(), QString());
        QCOMPARE(slotOf(), 2);
        // Both went to the service's typed door: the inventory as a dry run, then the reconcile.
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/reconcile"), 2);
        QVERIFY(page.runInventory());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 30000);
        QCOMPARE(page.differences()->rowOf(QStringLiteral("TLO001L9")), -1);
        QVERIFY(gate.waitReadsDone(60000));
    }
};

QTEST_MAIN(TestLibraryPage)
#include "test_library_page.moc"
