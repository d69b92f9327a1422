#include <QtTest>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>

#include "audit_log.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "models/restore_tree_model.h"
#include "pages/restore/key_import_dialog.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "restore_reads.h"

using tltest::run_cli;

namespace {
QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
// Saves what a user would see when TAPELOOM_SHOT_DIR is set (docs and review).
void shot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents();
    QVERIFY(w->grab().save(dir + "/" + name + ".png"));
}

QStringList h(const QString& home, QStringList args) {
    args.prepend(home);
    args.prepend(QStringLiteral("--home"));
    return args;
}
} // namespace

// The Restore page and a missing key (issue 20), beside the real service (issue 38): an
// encrypted backup whose key is not in the key store is reported missing by the restore's plan
// (POST /v1/restore-plans) and does not start; the page names the key id and asks for its export
// file and passphrase; a wrong passphrase is refused in the dialog; the right one imports the key
// through the service (POST /v1/keys, audited without its secrets) and the restore continues,
// byte for byte.
class TestRestoreKeyPrompt : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void missingKeyIsAskedForThenTheRestoreContinues() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src",
                      out = dir.path() + "/out", pass = dir.path() + "/pass",
                      exported = dir.path() + "/vault.key";
        const QByteArray secret = "the quarterly figures, not for the courier\n";
        QVERIFY(tltest::write_file(src + "/books/q3.txt", secret));
        auto key = run_cli(h(home, {"key", "create", "vault", "--json"}));
        QVERIFY2(key.exit_code == 0, key.err.constData());
        const QString id = key.json().object().value("id").toString();
        QVERIFY(tltest::write_file(pass, "a passphrase for the vault\n"));
        QCOMPARE(run_cli(h(home, {"key", "export", "vault", exported, "--passphrase-file", pass}))
                     .exit_code,
                 0);
        auto b = run_cli(
            h(home, {"backup", "--encryption", "aes-256-gcm", "--key", "vault", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(QFile::remove(home + "/keys/vault.key")); // the key is elsewhere now

        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        QVERIFY(page.picker()->chooseJob(1));
        auto* m = page.treeModel();
        QVERIFY(tltest::treeRead(m));
        QVERIFY(m->setData(m->index(0, 0), Qt::Checked, Qt::CheckStateRole));
        page.targetPanel()->setTarget(out);
        QSignalSpy done(&page, &tl::ui::RestorePage::finished);

        QVERIFY(page.start()); // planned first: the plan names the missing key, nothing runs
        QTRY_VERIFY_WITH_TIMEOUT(page.keyPrompt(), 30000);
        QTRY_VERIFY(!page.runner()->isRunning());
        auto* prompt = page.keyPrompt();
        QCOMPARE(prompt->keyId(), id);
        QVERIFY(page.reportView()->statusText().contains(id));
        QVERIFY(!page.runner()->isRunning());
        QVERIFY(!QFileInfo::exists(out));

        // Alt+F reaches the file field (its label's mnemonic; the label showed '&' without it).
        bool fileLabelled = false;
        for (auto* label : prompt->findChildren<QLabel*>())
            fileLabelled = fileLabelled || label->buddy() == prompt->fileField();
        QVERIFY(fileLabelled);
        prompt->fileField()->setText(exported);
        prompt->passphraseField()->setText(QStringLiteral("not the passphrase"));
        prompt->importButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(prompt->problem().startsWith(QStringLiteral("Not imported")),
                                 30000);
        QVERIFY(prompt->isVisible());
        QCOMPARE(done.count(), 0);
        page.resize(1200, 800);
        shot(&page, QStringLiteral("restore-key-missing"));
        shot(prompt, QStringLiteral("restore-key-prompt"));

        prompt->passphraseField()->setText(QStringLiteral("a passphrase for the vault"));
        prompt->importButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QVERIFY(!page.keyPrompt()); // closed once the key was in the store
        const auto result = done.first().first().value<tl::ui::RestoreSummary>();
        QVERIFY2(result.status == QLatin1String("completed"), qPrintable(result.message));
        QCOMPARE(read(out + src + "/books/q3.txt"), secret);
        QVERIFY(QFileInfo::exists(home + "/keys/vault.key"));
        QCOMPARE(tltest::audited(home, "POST", "/v1/restores"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/keys"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/keys", true), 1); // the wrong passphrase
        const QByteArray audit =
            QJsonDocument(tltest::audit_entries(home)).toJson(QJsonDocument::Compact);
        QVERIFY(!audit.contains("a passphrase for the vault"));
        QVERIFY(audit.contains("vault")); // which key, without its secrets
        QCOMPARE(tltest::tunnelled(home), 0);
    }
};

QTEST_MAIN(TestRestoreKeyPrompt)
#include "test_restore_key_prompt.moc"
