#include <QtTest>

#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "catalog/db.h"
#include "cli_runner.h"
#include "codec/crc32c.h"
#include "fixture_tree.h"
#include "format/block.h"
#include "format/bytes.h"

using tltest::run_cli;

// Encrypted save sets (issue 20) through the real tapeloom-cli: a round trip through an
// encrypted pool is identical while the cartridge holds no clear name or content; without the
// key restore, verify and scan refuse with exit 11 and write nothing; an exported key imported
// into a fresh data directory restores after scan --all; a flipped ciphertext byte fails the
// file it belongs to and nothing else.
class TestEncryption : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }
    static bool same_tree(const QString& a, const QString& b, QString* why) {
        return tltest::same_tree(a, b, why);
    }
    static struct stat lst(const QString& p) {
        struct stat st {};
        ::lstat(QFile::encodeName(p).constData(), &st);
        return st;
    }
    // Every cartridge data file of the home's libraries, concatenated.
    static QByteArray cartridge_bytes(const QString& home) {
        QByteArray all;
        QDirIterator it(home + "/libraries", {"data"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly)) all += f.readAll();
        }
        return all;
    }
    static QString make_key(const QString& home, const QString& name) {
        auto k = run_cli(h(home, {"key", "create", name, "--json"}));
        if (k.exit_code != 0) return {};
        return k.json().object().value("id").toString();
    }
    static QString catalog_key_id(const QString& home) {
        auto db = tl::catalog::Db::open(tltest::catalog_location(home), false);
        if (!db) return {};
        auto q = db->prepare("SELECT coalesce(max(key_id), '') FROM sessions");
        if (!q || !q->step()) return {};
        return QString::fromStdString(q->text(0));
    }

private Q_SLOTS:
    void encryptedPoolRoundTripAndNoClearTextOnTape() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        const QString id = make_key(home, "offsite");
        QVERIFY(id.startsWith("offsite:"));
        auto bad = run_cli(h(home, {"pool", "add", "Vault", "--encryption", "aes-256-gcm"}));
        QCOMPARE(bad.exit_code, 2); // no key named
        auto nokey = run_cli(
            h(home, {"pool", "add", "Vault", "--encryption", "aes-256-gcm", "--key", "nope"}));
        QCOMPARE(nokey.exit_code, 3);
        auto pool = run_cli(h(home, {"pool", "add", "Vault", "--encryption", "aes-256-gcm", "--key",
                                     "offsite", "--json"}));
        QVERIFY2(pool.exit_code == 0, pool.err.constData());
        QCOMPARE(pool.json().object().value("encryption").toString(), QString("aes-256-gcm"));
        auto b = run_cli(h(home, {"backup", "--pool", "Vault", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(catalog_key_id(home), id); // the catalog says which key the save set needs

        const QByteArray tape = cartridge_bytes(home);
        QVERIFY(tape.size() > (3 << 20));
        QVERIFY(!tape.contains(QStringLiteral("日本語.txt").toUtf8())); // a file name
        QVERIFY(!tape.contains("f150.txt"));
        QVERIFY(!tape.contains(QStringLiteral("こんにちは tape").toUtf8())); // a content string
        QVERIFY(!tape.contains("linked twice"));
        QVERIFY(!tape.contains(tltest::random_bytes(4096, 7).mid(1024, 64))); // big.bin's bytes

        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
        for (const char* p : {"/hard1", "/big.bin", "/ünïcødé/日本語.txt", "/sparse.img"}) {
            const auto a = lst(src + QString::fromUtf8(p)),
                       o = lst(to + src + QString::fromUtf8(p));
            QCOMPARE(o.st_mode, a.st_mode);
            QCOMPARE(o.st_mtim.tv_nsec, a.st_mtim.tv_nsec);
        }
        QCOMPARE(lst(to + src + "/hard1").st_ino, lst(to + src + "/hard2").st_ino);
        char want[64] = {}, got[64] = {};
        const auto wn = ::getxattr(QFile::encodeName(src + "/hard1").constData(),
                                   "user.tapeloom.test", want, sizeof want);
        const auto gn = ::getxattr(QFile::encodeName(to + src + "/hard1").constData(),
                                   "user.tapeloom.test", got, sizeof got);
        QCOMPARE(gn, wn);
        QVERIFY(lst(to + src + "/sparse.img").st_blocks * 512 < (8 << 20) / 2);

        // Verify with the key checks the contents; volume ls with the key lists the names.
        auto v = run_cli(h(home, {"verify", "--job", "1", "--json"}));
        QVERIFY2(v.exit_code == 0, v.out.constData());
        QCOMPARE(v.json().object().value("files_unchecked").toInt(), 0);
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        auto ls = run_cli(h(home, {"volume", "ls", vol, "--json"}));
        QCOMPARE(ls.exit_code, 0);
        QVERIFY(ls.text().contains("f150.txt"));
        QCOMPARE(ls.json().object().value("sessions").toArray().first().toObject().value("key_id"),
                 QJsonValue(id));
    }

    void withoutTheKeyRestoreAndVerifyRefuse() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        const QString id = make_key(home, "k1");
        QVERIFY(!id.isEmpty());
        auto b = run_cli(h(home, {"backup", "--encryption", "aes-256-gcm", "--key", "k1",
                                  "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QVERIFY(QDir().rename(home + "/keys", d.path() + "/keys.away"));

        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to}));
        QCOMPARE(r.exit_code, 11);
        QVERIFY2(r.err.contains(id.toUtf8()), r.err.constData()); // names the key id
        QVERIFY(r.err.contains("key import"));
        QVERIFY(!QFileInfo::exists(to)); // nothing written

        auto v = run_cli(h(home, {"verify", "--job", "1", "--json"}));
        QCOMPARE(v.exit_code, 11);
        const auto vo = v.json().object();
        QVERIFY(vo.value("blocks_read").toInt() > 0); // the blocks and their CRCs were read
        QCOMPARE(vo.value("bad_blocks").toArray().size(), 0);
        QVERIFY(vo.value("files_unchecked").toInt() > 200); // contents not checked, and said so
        QVERIFY(vo.value("key_missing").toString().contains(id));

        auto ls = run_cli(h(home, {"volume", "ls", vol, "--json"}));
        QCOMPARE(ls.exit_code, 0);
        QVERIFY(!ls.text().contains("f150.txt")); // names are sealed
        QVERIFY(ls.json()
                    .object()
                    .value("sessions")
                    .toArray()
                    .first()
                    .toObject()
                    .value("locked")
                    .toBool());

        QVERIFY(QDir().rename(d.path() + "/keys.away", home + "/keys"));
        auto ok = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(ok.exit_code == 0, ok.out.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
    }

    void namesLeftReadableListWithoutTheKey() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QVERIFY(!make_key(home, "k2").isEmpty());
        auto b = run_cli(h(home, {"backup", "--encryption", "aes-256-gcm", "--key", "k2",
                                  "--encrypt-names", "no", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QByteArray tape = cartridge_bytes(home);
        QVERIFY(!tape.contains("linked twice")); // contents stay sealed
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QVERIFY(QDir().rename(home + "/keys", d.path() + "/keys.away"));
        auto ls = run_cli(h(home, {"volume", "ls", vol, "--json"}));
        QCOMPARE(ls.exit_code, 0);
        QVERIFY(ls.text().contains("f150.txt")); // names (and sizes) from the clear index
    }

    void exportedKeyRestoresOnAFreshDataDirectoryAfterScan() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", fresh = d.path() + "/fresh",
                      src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 2 << 20));
        const QStringList lib = {"library",  "add",      "--virtual", "--name",     "lib",
                                 "--drives", "2",        "--slots",   "6",          "--mail",
                                 "1",        "--prefix", "ENC",       "--capacity", "64M"};
        QCOMPARE(run_cli(h(home, lib)).exit_code, 0);
        const QString id = make_key(home, "dr");
        QVERIFY(!id.isEmpty());
        const QString pass = d.path() + "/pass", exported = d.path() + "/dr.key";
        QVERIFY(tltest::write_file(pass, "a passphrase for the DR site\n"));
        auto ex = run_cli(h(home, {"key", "export", "dr", exported, "--passphrase-file", pass}));
        QVERIFY2(ex.exit_code == 0, ex.err.constData());
        {
            // The export holds the key sealed only: its bytes in hex are not in it.
            QFile keyfile(home + "/keys/dr.key"), exportfile(exported);
            QVERIFY(keyfile.open(QIODevice::ReadOnly) && exportfile.open(QIODevice::ReadOnly));
            QByteArray hex;
            for (const QByteArray& line : keyfile.readAll().split('\n'))
                if (line.startsWith("key ")) hex = line.mid(4);
            QCOMPARE(hex.size(), 64);
            const QByteArray text = exportfile.readAll();
            QVERIFY(text.contains(id.toUtf8()));
            QVERIFY(!text.contains(hex));
            QVERIFY(!text.contains(QByteArray::fromHex(hex)));
        }
        auto b = run_cli(h(home, {"backup", "--library", "lib", "--encryption", "aes-256-gcm",
                                  "--key", "dr", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const int files = b.json().object().value("files").toInt();

        // The DR site: the cartridges, a new data directory, the exported key.
        QVERIFY(QDir().mkpath(fresh + "/libraries"));
        QProcess cp;
        cp.start("cp", {"-a", home + "/libraries/lib", fresh + "/libraries/lib"});
        QVERIFY(cp.waitForFinished(60000) && cp.exitCode() == 0);
        QCOMPARE(run_cli(h(fresh, lib)).exit_code, 0);
        auto locked = run_cli(h(fresh, {"scan", "--all", "--library", "lib", "--json"}));
        QCOMPARE(locked.exit_code, 11); // the key is missing: said, and nothing half-added
        QCOMPARE(locked.json().object().value("files_added").toInt(), 0);
        QVERIFY(
            locked.json().object().value("keys_missing").toArray().first().toString().contains(id));

        const QString wrong = d.path() + "/wrong";
        QVERIFY(tltest::write_file(wrong, "not the passphrase\n"));
        QCOMPARE(
            run_cli(h(fresh, {"key", "import", exported, "--passphrase-file", wrong})).exit_code,
            2);
        auto im =
            run_cli(h(fresh, {"key", "import", exported, "--passphrase-file", pass, "--json"}));
        QVERIFY2(im.exit_code == 0, im.err.constData());
        QCOMPARE(im.json().object().value("id").toString(), id);
        auto s = run_cli(h(fresh, {"scan", "--all", "--library", "lib", "--json"}));
        QVERIFY2(s.exit_code == 0, s.out.constData());
        QCOMPARE(s.json().object().value("files_added").toInt(), files);
        auto r =
            run_cli(h(fresh, {"restore", "--job", "1", "--library", "lib", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
    }

    void flippedCiphertextByteFailsOnlyItsFile() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        QVERIFY(!make_key(home, "k3").isEmpty());
        auto b = run_cli(
            h(home, {"backup", "--drives", "1", "--encryption", "aes-256-gcm", "--key", "k3",
                     "--source", src + "/big.bin", "--source", src + "/small", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        // A chunk inside big.bin's data (no object starts in it): flip one ciphertext byte and
        // make the block's CRC right again, so that only the authentication tag can notice.
        QVERIFY(data.seek(64 * 1024 + 8));
        const qint64 block_len =
            tl::format::load_u32(reinterpret_cast<const std::uint8_t*>(data.read(4).constData()));
        QVERIFY(block_len >= 64 * 1024);
        bool flipped = false;
        for (qint64 at = 64 * 1024 + block_len; !flipped && at + block_len <= data.size();
             at += block_len) {
            QVERIFY(data.seek(at));
            QByteArray block = data.read(block_len);
            auto* p = reinterpret_cast<std::uint8_t*>(block.data());
            auto parsed = tl::format::parse_block(p, static_cast<std::size_t>(block.size()));
            if (!parsed) continue; // a filemark's neighbour or the label file
            for (const auto& c : parsed->chunks) {
                if (c.stream_id == 0 || c.first_boundary != tl::format::kNoBoundary ||
                    c.length < 16 * 1024 || !(c.flags & tl::format::chunk_flags::kSealed))
                    continue;
                p[c.data - p + c.length / 2] ^= 0x20;
                tl::format::store_u32(p + 20, 0);
                tl::format::store_u32(p + 20,
                                      tl::codec::crc32c(p, static_cast<std::size_t>(block_len)));
                QVERIFY(data.seek(at));
                QCOMPARE(data.write(block), block_len);
                flipped = true;
                break;
            }
        }
        QVERIFY(flipped);
        data.close();

        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QCOMPARE(r.exit_code, 7);
        const auto o = r.json().object();
        QCOMPARE(o.value("failed").toInt(), 1); // big.bin, and nothing else
        QVERIFY(o.value("restored").toInt() > 200);
        bool big_failed = false;
        for (const auto& pr : o.value("problems").toArray())
            big_failed |= pr.toObject().value("status").toString() == "failed" &&
                          pr.toObject().value("path").toString().endsWith("big.bin");
        QVERIFY2(big_failed, r.out.constData());
        bool reported = false;
        for (const auto& bb : o.value("bad_blocks").toArray()) {
            const auto m = bb.toObject();
            reported |= m.value("message").toString().contains("authentication") &&
                        m.value("volume").toString() == vol;
        }
        QVERIFY2(reported, r.out.constData());
        // Nothing that restored differs from its source.
        int same = 0;
        for (int i = 0; i < 200; ++i) {
            const QString rel = QStringLiteral("/small/d%1/f%2.txt").arg(i % 10).arg(i);
            QFile a(src + rel), c(to + src + rel);
            if (!c.open(QIODevice::ReadOnly)) continue;
            QVERIFY(a.open(QIODevice::ReadOnly));
            QCOMPARE(c.readAll(), a.readAll());
            ++same;
        }
        QCOMPARE(same, 200);
        QFile big(to + src + "/big.bin");
        if (big.open(QIODevice::ReadOnly)) {
            QFile a(src + "/big.bin");
            QVERIFY(a.open(QIODevice::ReadOnly));
            QCOMPARE(big.readAll(), a.readAll()); // present only if intact
        }
    }
};

TLTEST_CATALOG_MAIN(TestEncryption)
#include "test_encryption.moc"
