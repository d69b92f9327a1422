#include <QtTest>

#include <QApplication>

#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

#include "pages/media/media_page.h"
#include "pages/media/pool_dialog.h"
#include "pages/media/volume_filter_proxy.h"
#include "pages/media/volume_table_model.h"

using tl::ui::MediaPage;
using tl::ui::VolumeTableModel;

// Encryption on the Media page (issue 20): the pool dialog offers the algorithm and the key
// store's keys; after an encrypted backup through the real tapeloom-cli, the volume it wrote
// names its key in the "Encrypted with" column and the blank cartridges name none, on a console
// beside the real service of the data directory.
class TestMediaEncryption : public QObject {
    Q_OBJECT

    static tltest::CliResult cli(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend(QStringLiteral("--home"));
        return tltest::run_cli(args);
    }

private Q_SLOTS:
    void initTestCase() { tl::log::ring(); }

    void poolDialogChoosesEncryptionAndKey() {
        tl::ui::PoolDialog none(nullptr, {}, nullptr, {});
        none.nameField()->setText(QStringLiteral("Vault"));
        QVERIFY(none.problems().isEmpty());
        QCOMPARE(none.values().encryption.value(), std::string("none"));
        none.encryptionField()->setCurrentIndex(1); // AES-256-GCM without any key
        QVERIFY(!none.problems().isEmpty());

        tl::ui::PoolDialog d(nullptr, {}, nullptr, {QStringLiteral("offsite")});
        d.nameField()->setText(QStringLiteral("Vault"));
        QVERIFY(!d.keyField()->isEnabled()); // clear by default
        d.encryptionField()->setCurrentIndex(1);
        QVERIFY(d.keyField()->isEnabled());
        QVERIFY2(d.problems().isEmpty(), qPrintable(d.problems()));
        const auto v = d.values();
        QCOMPARE(v.encryption.value(), std::string("aes-256-gcm"));
        QCOMPARE(v.key.value(), std::string("offsite"));
        QVERIFY(v.encrypt_names.value()); // names sealed by default
    }

    void encryptedVolumeNamesItsKey() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.txt", "some data\n"));
        auto key = cli(home, {"key", "create", "vault", "--json"});
        QVERIFY2(key.exit_code == 0, key.err.constData());
        const QString id = key.json().object().value("id").toString();
        // The key store is the data directory's own (`key create` holds its lock); the backup
        // and the page go through the service.
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        auto b = cli(home, {"backup", "--encryption", "aes-256-gcm", "--key", "vault", "--source",
                            src, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();

        tl::ui::TaskBoard gate;
        MediaPage page(c.ctx, gate);
        page.show();
        QTRY_VERIFY(page.volumeModel()->rowCount() > 1);
        const auto* m = page.volumeModel();
        QCOMPARE(m->headerData(VolumeTableModel::Encryption, Qt::Horizontal).toString(),
                 QStringLiteral("Encrypted with"));
        int encrypted = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString bc = m->index(r, VolumeTableModel::Barcode).data().toString();
            const QString keys = m->index(r, VolumeTableModel::Encryption).data().toString();
            if (bc == vol) {
                QCOMPARE(keys, id);
                ++encrypted;
            } else {
                QVERIFY2(keys.isEmpty(), qPrintable(bc + ": " + keys));
            }
        }
        QCOMPARE(encrypted, 1);
        QVERIFY((gate.waitUntilIdle(10000) && gate.waitReadsDone(10000)));
    }
};

QTEST_MAIN(TestMediaEncryption)
#include "test_media_encryption.moc"
