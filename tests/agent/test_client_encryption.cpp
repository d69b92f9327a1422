#include <QtTest>

#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// A client's backup into an encrypted pool through the real programs (docs/agent.md
// "Encrypted pools"): tapeloom-agent processes on 127.0.0.1, the CLI backing up client A's
// tree into a pool sealed with a key. The cartridge holds no clear name or content of the tree,
// the tree restores byte-identical onto A and onto client B, verify checks it against the tape
// and against the client; without the key restore and verify refuse naming it and nothing is
// written on the client. Compression at the source works under the key too.
class TestClientEncryption : public QObject {
    Q_OBJECT

    using Agent = tltest::AgentProcess;

    QTemporaryDir dir_;
    std::vector<std::unique_ptr<Agent>> agents_;
    int run_ = 0;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home" + QString::number(run_)); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // An agent serving `allow`, added to this test's data directory as NAME and trusting it.
    Agent* client(const QString& name, const QStringList& allow) {
        agents_.push_back(std::make_unique<Agent>(path("state-" + name)));
        Agent& a = *agents_.back();
        if (!a.serve(allow)) return nullptr;
        const QString service = a.add_to(home(), name);
        if (service.size() != 64 || !a.trust(service)) return nullptr;
        return &a;
    }

    // `key create NAME`: the key's id (NAME:FINGERPRINT), empty when refused.
    QString make_key(const QString& name) const {
        auto k = run_cli(h({"key", "create", name, "--json"}));
        return k.exit_code == 0 ? k.json().object().value("id").toString() : QString();
    }

    // Every cartridge data file of the data directory's libraries, concatenated.
    QByteArray cartridge_bytes() const {
        QByteArray all;
        QDirIterator it(home() + "/libraries", {"data"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly)) all += f.readAll();
        }
        return all;
    }

    static QByteArray marker_text() {
        QByteArray text;
        for (int i = 0; i < 40000; ++i)
            text += "CLEAR-MARKER-of-client-A line " + QByteArray::number(i % 97) + "\n";
        return text;
    }

    // The fixture tree with a compressible text file holding the marker.
    bool make_tree(const QString& root) const {
        return tltest::make_fixture_tree(root, 1 << 20) &&
               tltest::write_file(root + "/notes/marker.txt", marker_text());
    }

private Q_SLOTS:
    void init() {
        QVERIFY(dir_.isValid());
        ++run_;
        auto lib = run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                              "--slots", "10", "--capacity", "64M"}));
        QCOMPARE(lib.exit_code, 0);
    }

    void cleanup() {
        agents_.clear(); // each stops its agent
        QDir(dir_.path()).removeRecursively();
        QDir().mkpath(dir_.path());
    }

    void encryptedPoolBackupOfAClientRestoresOnBothClients() {
        const QString src = path("tree-a"), to_a = path("target-a"), to_b = path("target-b");
        QVERIFY(make_tree(src));
        QVERIFY(QDir().mkpath(to_a));
        Agent* a = client("A", {src, to_a});
        QVERIFY(a);
        QVERIFY(client("B", {to_b}));
        const QString id = make_key("offsite");
        QVERIFY(id.startsWith("offsite:"));
        auto pool = run_cli(h(
            {"pool", "add", "Vault", "--encryption", "aes-256-gcm", "--key", "offsite", "--json"}));
        QVERIFY2(pool.exit_code == 0, pool.err.constData());

        auto b = run_cli(h({"backup", "--client", "A", "--source", src, "--pool", "Vault",
                            "--library", "small", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        auto ls = run_cli(h({"volume", "ls", vol, "--library", "small", "--json"}));
        QCOMPARE(ls.exit_code, 0);
        const auto session = ls.json().object().value("sessions").toArray().first().toObject();
        QCOMPARE(session.value("key_id"), QJsonValue(id)); // sealed with the pool's key

        // The tape holds sealed blocks only: no name or content of the client's tree.
        const QByteArray tape = cartridge_bytes();
        QVERIFY(tape.size() > (1 << 20));
        QVERIFY(!tape.contains("CLEAR-MARKER-of-client-A"));
        QVERIFY(!tape.contains("marker.txt"));
        QVERIFY(!tape.contains("f150.txt"));
        QVERIFY(!tape.contains("linked twice"));
        QVERIFY(!tape.contains(tltest::random_bytes(4096, 7).mid(1024, 64))); // big.bin's bytes
        // The key itself is not on the tape either.
        QFile keyfile(home() + "/keys/offsite.key");
        QVERIFY(keyfile.open(QIODevice::ReadOnly));
        QByteArray hex;
        for (const QByteArray& line : keyfile.readAll().split('\n'))
            if (line.startsWith("key ")) hex = line.mid(4);
        QCOMPARE(hex.size(), 64);
        QVERIFY(!tape.contains(QByteArray::fromHex(hex)));
        QVERIFY(!tape.contains(hex));

        QString why;
        auto onto_a = run_cli(h({"restore", "--job", "1", "--to", to_a, "--json"}));
        QVERIFY2(onto_a.exit_code == 0, onto_a.out.constData());
        QVERIFY2(tltest::same_tree(src, to_a + src, &why), qPrintable(why));
        auto onto_b =
            run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to_b, "--json"}));
        QVERIFY2(onto_b.exit_code == 0, onto_b.out.constData());
        QVERIFY2(tltest::same_tree(src, to_b + src, &why), qPrintable(why));

        // Verify opens every sealed chunk and checks every file's hash.
        auto v = run_cli(h({"verify", "--job", "1", "--json"}));
        QVERIFY2(v.exit_code == 0, v.out.constData());
        QCOMPARE(v.json().object().value("files_unchecked").toInt(), 0);
        QVERIFY(v.json().object().value("files_ok").toInt() > 200);
        auto against = run_cli(h({"verify", "--job", "1", "--against-client", "--json"}));
        QVERIFY2(against.exit_code == 0, against.out.constData());
        QCOMPARE(against.json().object().value("differing_count").toInt(), 0);
        QCOMPARE(against.json().object().value("missing_count").toInt(), 0);
        QVERIFY(against.json().object().value("same").toInt() > 200);
    }

    void withoutTheKeyClientRestoreAndVerifyRefuse() {
        const QString src = path("tree-a"), to = path("target-b");
        QVERIFY(make_tree(src));
        QVERIFY(client("A", {src}));
        Agent* b = client("B", {to});
        QVERIFY(b);
        const QString id = make_key("k1");
        QVERIFY(!id.isEmpty());
        auto backup = run_cli(h({"backup", "--client", "A", "--source", src, "--encryption",
                                 "aes-256-gcm", "--key", "k1", "--library", "small", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        QVERIFY(!cartridge_bytes().contains("CLEAR-MARKER-of-client-A"));
        QVERIFY(QDir().rename(home() + "/keys", path("keys.away")));

        auto r = run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to}));
        QCOMPARE(r.exit_code, 11);
        QVERIFY2(r.err.contains(id.toUtf8()), r.err.constData()); // names the key id
        QVERIFY(r.err.contains("key import"));
        QVERIFY(!QFileInfo::exists(to)); // nothing written on the client
        auto v = run_cli(h({"verify", "--job", "1", "--against-client"}));
        QCOMPARE(v.exit_code, 11);
        QVERIFY2(v.err.contains(id.toUtf8()), v.err.constData());
        // Against the tape alone, the blocks and their CRCs are still checked, the contents not.
        auto blocks = run_cli(h({"verify", "--job", "1", "--json"}));
        QCOMPARE(blocks.exit_code, 11);
        QVERIFY(blocks.json().object().value("blocks_read").toInt() > 0);
        QCOMPARE(blocks.json().object().value("bad_blocks").toArray().size(), 0);
        QVERIFY(blocks.json().object().value("files_unchecked").toInt() > 200);
        QVERIFY(blocks.json().object().value("key_missing").toString().contains(id));

        // Another key of the same name does not open it either, and says so.
        QVERIFY(!make_key("k1").isEmpty());
        auto wrong = run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to}));
        QCOMPARE(wrong.exit_code, 11);
        QVERIFY2(wrong.err.contains("another fingerprint"), wrong.err.constData());
        QVERIFY(!QFileInfo::exists(to));

        QDir(home() + "/keys").removeRecursively();
        QVERIFY(QDir().rename(path("keys.away"), home() + "/keys"));
        auto ok = run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to, "--json"}));
        QVERIFY2(ok.exit_code == 0, ok.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    void compressedAtTheSourceUnderAKey() {
        const QString src = path("tree-a"), to = path("target-b");
        QVERIFY(tltest::write_file(src + "/notes/marker.txt", marker_text()));
        QVERIFY(client("A", {src}));
        QVERIFY(client("B", {to}));
        QVERIFY(!make_key("k2").isEmpty());
        auto b =
            run_cli(h({"backup", "--client", "A", "--source", src, "--encryption", "aes-256-gcm",
                       "--key", "k2", "--compression", "zstd", "--library", "small", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto report = b.json().object();
        // The agent compressed the text: what went to tape is a fraction of what it read.
        QVERIFY(report.value("bytes").toInteger() == marker_text().size());
        QVERIFY2(report.value("stored_bytes").toInteger() < report.value("bytes").toInteger() / 4,
                 b.out.constData());
        QVERIFY(!cartridge_bytes().contains("CLEAR-MARKER-of-client-A"));
        auto r = run_cli(h({"restore", "--job", "1", "--client", "B", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestClientEncryption)
#include "test_client_encryption.moc"
