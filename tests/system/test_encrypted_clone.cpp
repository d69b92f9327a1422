#include <QtTest>

#include "catalog/db.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// Clones of encrypted save sets (issue 20, docs/media.md "Cloning") through the real
// tapeloom-cli: a clone copies the ciphertext as it is with no key in the store, the copy's
// cartridge holds no clear name or content, and with the key imported a restore from the copy
// is byte-identical; `clone --reencrypt` seals the copy with the target pool's key, after which
// a restore from the copy needs that key only and, with the source key alone, refuses naming
// the key it needs.
class TestEncryptedClone : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }
    static QString make_key(const QString& home, const QString& name) {
        auto k = run_cli(h(home, {"key", "create", name, "--json"}));
        if (k.exit_code != 0) return {};
        return k.json().object().value("id").toString();
    }
    static QByteArray cartridge(const QString& home, const QString& barcode) {
        QFile f(home + "/libraries/lib/media/" + barcode + "/data");
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static QString sql_text(const QString& home, const char* sql) {
        auto db = tl::catalog::Db::open(tltest::catalog_location(home), false);
        if (!db) return {};
        auto q = db->prepare(sql);
        if (!q) return {};
        auto row = q->step();
        if (!row || !row.value()) return {};
        return QString::fromStdString(q->text(0));
    }
    // A 2-drive library, an encrypted backup with key `key` and a cartridge of pool `pool`
    // (created with `pool_args`) for the copy. Returns the original's volume.
    static QString encrypted_backup(const QString& home, const QString& src, const QString& key,
                                    const QStringList& pool_args) {
        const QStringList lib = {"library",  "add",      "--virtual", "--name",     "lib",
                                 "--drives", "2",        "--slots",   "6",          "--mail",
                                 "1",        "--prefix", "CPY",       "--capacity", "64M"};
        if (run_cli(h(home, lib)).exit_code != 0) return {};
        auto b = run_cli(h(home, {"backup", "--library", "lib", "--encryption", "aes-256-gcm",
                                  "--key", key, "--source", src, "--json"}));
        if (b.exit_code != 0) return {};
        if (run_cli(h(home, QStringList{"pool", "add"} + pool_args)).exit_code != 0) return {};
        if (run_cli(h(home, {"volume", "label", "--barcode", "CPY003L9", "--pool",
                             pool_args.first(), "--library", "lib"}))
                .exit_code != 0)
            return {};
        return b.json().object().value("volumes").toArray().first().toString();
    }

private Q_SLOTS:
    void copiedSealedWithoutTheKey() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        const QString id = make_key(home, "k4");
        QVERIFY(!id.isEmpty());
        const QString original = encrypted_backup(home, src, "k4", {"Off"});
        QVERIFY(!original.isEmpty());

        // The key store without the key: the clone copies the ciphertext as it is.
        QVERIFY(QDir().rename(home + "/keys", d.path() + "/keys.away"));
        auto c = run_cli(
            h(home, {"clone", "--job", "1", "--pool", "Off", "--library", "lib", "--json"}));
        QVERIFY2(c.exit_code == 0, c.err.constData());
        const auto copy = c.json().object();
        QCOMPARE(copy.value("savesets").toArray().first().toObject().value("keys").toString(),
                 "copied sealed (" + id + ")");
        QCOMPARE(copy.value("volumes_written").toArray().first().toString(), QString("CPY003L9"));
        const auto drives = copy.value("drives").toArray();
        QCOMPARE(drives.size(), 2);
        QVERIFY(drives.at(0) != drives.at(1));

        // The copy's cartridge: as big as the data, and no clear name or content in it.
        const QByteArray tape = cartridge(home, "CPY003L9");
        QVERIFY(tape.size() > (1 << 20));
        QVERIFY(!tape.contains(QStringLiteral("日本語.txt").toUtf8()));
        QVERIFY(!tape.contains("f150.txt"));
        QVERIFY(!tape.contains(QStringLiteral("こんにちは tape").toUtf8()));
        QVERIFY(!tape.contains("linked twice"));
        QVERIFY(!tape.contains(tltest::random_bytes(4096, 7).mid(1024, 64)));

        // The catalog keeps the run's report, with how the keys were handled.
        QVERIFY(
            sql_text(home, "SELECT report FROM jobs WHERE kind='clone'").contains("copied sealed"));
        QCOMPARE(sql_text(home, "SELECT key_id FROM sessions ORDER BY id DESC LIMIT 1"), id);

        // Without the key a restore from the copy refuses; with it, it is byte-identical.
        QCOMPARE(run_cli(h(home, {"volume", "mark", original, "error"})).exit_code, 0);
        auto locked = run_cli(h(home, {"restore", "--job", "1", "--library", "lib", "--to", to}));
        QCOMPARE(locked.exit_code, 11);
        QVERIFY(locked.err.contains(id.toUtf8()));
        QVERIFY(!QFileInfo::exists(to + src));
        QVERIFY(QDir().rename(d.path() + "/keys.away", home + "/keys"));
        auto r =
            run_cli(h(home, {"restore", "--job", "1", "--library", "lib", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    void reencryptedToTheTargetPoolsKey() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        const QString source_id = make_key(home, "k5"), target_id = make_key(home, "vault");
        QVERIFY(!source_id.isEmpty() && !target_id.isEmpty());
        const QString original = encrypted_backup(
            home, src, "k5", {"Off", "--encryption", "aes-256-gcm", "--key", "vault"});
        QVERIFY(!original.isEmpty());
        // --reencrypt needs a target pool with a key: refused, nothing changed.
        QCOMPARE(run_cli(h(home, {"pool", "add", "Plain"})).exit_code, 0);
        auto plain = run_cli(
            h(home, {"clone", "--job", "1", "--pool", "Plain", "--library", "lib", "--reencrypt"}));
        QCOMPARE(plain.exit_code, 2);

        auto c = run_cli(h(home, {"clone", "--job", "1", "--pool", "Off", "--library", "lib",
                                  "--reencrypt", "--json"}));
        QVERIFY2(c.exit_code == 0, c.err.constData());
        QCOMPARE(c.json()
                     .object()
                     .value("savesets")
                     .toArray()
                     .first()
                     .toObject()
                     .value("keys")
                     .toString(),
                 "re-encrypted to " + target_id);
        QCOMPARE(sql_text(home, "SELECT key_id FROM sessions ORDER BY id DESC LIMIT 1"), target_id);
        QVERIFY(!cartridge(home, "CPY003L9").contains("linked twice"));
        QVERIFY(!cartridge(home, "CPY003L9").contains("f150.txt"));
        QCOMPARE(run_cli(h(home, {"volume", "mark", original, "error"})).exit_code, 0);

        // Only the source key: the copy needs the target's, and the refusal names it.
        QVERIFY(QFile::rename(home + "/keys/vault.key", d.path() + "/vault.key"));
        auto refused = run_cli(h(home, {"restore", "--job", "1", "--library", "lib", "--to", to}));
        QCOMPARE(refused.exit_code, 11);
        QVERIFY2(refused.err.contains(target_id.toUtf8()), refused.err.constData());
        QVERIFY(!QFileInfo::exists(to + src));

        // Only the target key: the copy restores byte-identical.
        QVERIFY(QFile::rename(d.path() + "/vault.key", home + "/keys/vault.key"));
        QVERIFY(QFile::rename(home + "/keys/k5.key", d.path() + "/k5.key"));
        auto r =
            run_cli(h(home, {"restore", "--job", "1", "--library", "lib", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    // The copy alone at a DR site: a fresh data directory scans the copy's cartridge (the
    // original is not scanned), refuses while the key is missing, and with the exported key
    // imported rebuilds the files and restores them byte-identical from the copy.
    void scannedCopyRestoresOnAFreshDataDirectory() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", fresh = d.path() + "/fresh",
                      src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        const QString id = make_key(home, "dr");
        QVERIFY(!id.isEmpty());
        const QString pass = d.path() + "/pass", exported = d.path() + "/dr.key";
        QVERIFY(tltest::write_file(pass, "the vault's passphrase\n"));
        QCOMPARE(run_cli(h(home, {"key", "export", "dr", exported, "--passphrase-file", pass}))
                     .exit_code,
                 0);
        const QString original = encrypted_backup(home, src, "dr", {"Off"});
        QVERIFY(!original.isEmpty());
        auto c = run_cli(
            h(home, {"clone", "--job", "1", "--pool", "Off", "--library", "lib", "--json"}));
        QVERIFY2(c.exit_code == 0, c.err.constData());
        QCOMPARE(c.json().object().value("volumes_written").toArray().first().toString(),
                 QString("CPY003L9"));

        QVERIFY(QDir().mkpath(fresh + "/libraries"));
        QProcess cp;
        cp.start("cp", {"-a", home + "/libraries/lib", fresh + "/libraries/lib"});
        QVERIFY(cp.waitForFinished(60000) && cp.exitCode() == 0);
        const QStringList lib = {"library",  "add",      "--virtual", "--name",     "lib",
                                 "--drives", "2",        "--slots",   "6",          "--mail",
                                 "1",        "--prefix", "CPY",       "--capacity", "64M"};
        QCOMPARE(run_cli(h(fresh, lib)).exit_code, 0);
        auto locked = run_cli(h(fresh, {"scan", "CPY003L9", "--library", "lib", "--json"}));
        QCOMPARE(locked.exit_code, 11);
        QCOMPARE(locked.json().object().value("files_added").toInt(), 0);
        QVERIFY(
            locked.json().object().value("keys_missing").toArray().first().toString().contains(id));

        QCOMPARE(
            run_cli(h(fresh, {"key", "import", exported, "--passphrase-file", pass})).exit_code, 0);
        auto s = run_cli(h(fresh, {"scan", "CPY003L9", "--library", "lib", "--json"}));
        QVERIFY2(s.exit_code == 0, s.out.constData());
        QVERIFY(s.json().object().value("files_added").toInt() > 0);
        auto r =
            run_cli(h(fresh, {"restore", "--job", "1", "--library", "lib", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QCOMPARE(r.json().object().value("volumes").toArray().first().toString(),
                 QString("CPY003L9"));
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }
};

TLTEST_CATALOG_MAIN(TestEncryptedClone)
#include "test_encrypted_clone.moc"
