#include <QtTest>

#include <sys/stat.h>

#include "cli_runner.h"
#include "codec/compressor.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "format/block.h"
#include "format/block_builder.h"
#include "format/object.h"
#include "format/session_header.h"
#include "format/volume_label.h"
#include "stream_builder.h"

using namespace tl;
using tltest::run_cli;

// A hostile cartridge: a well-formed Tapeloom volume whose objects are named to escape the
// restore target ("../", absolute paths, a symlink then a file "through" it). It is scanned
// into the catalog and restored with the real CLI: nothing may land outside the target, and
// every refused entry is reported.
class TestCraftedVolume : public QObject {
    Q_OBJECT

    static format::ObjectHeader obj(format::ObjectKind k, const std::string& path,
                                    std::size_t size = 0, const std::string& target = {}) {
        format::ObjectHeader h;
        h.kind = k;
        h.path = path;
        h.link_target = target;
        h.size = size;
        h.mode = (k == format::ObjectKind::Directory ? S_IFDIR | 0755
                  : k == format::ObjectKind::Symlink ? S_IFLNK | 0777
                                                     : S_IFREG | 0644);
        return h;
    }

private Q_SLOTS:
    void hostileNamesStayInsideTheTarget() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", target = d.path() + "/target",
                      outside = d.path() + "/outside";
        QVERIFY(QDir().mkpath(outside));
        const std::string out = outside.toStdString();
        const auto payload = tltest::build_stream({
            {obj(format::ObjectKind::Directory, ""), ""},
            {obj(format::ObjectKind::RegularFile, "../../outside/dotdot.txt", 4), "evil"},
            {obj(format::ObjectKind::RegularFile, out + "/absolute.txt", 4), "evil"},
            {obj(format::ObjectKind::Symlink, "jump", 0, out), ""},
            {obj(format::ObjectKind::RegularFile, "jump/through-link.txt", 4), "evil"},
            {obj(format::ObjectKind::RegularFile, "safe/ok.txt", 2), "ok"},
        });
        {
            // Write the volume with the engine's own format code, as a forger would.
            // The test's own engine uses the catalog its CLI calls use.
            if (tltest::catalog_on_postgres())
                qputenv("TAPELOOM_CATALOG", tltest::catalog_url_for(home).toUtf8());
            auto engine = Engine::open({home.toStdString(), nullptr, false});
            qunsetenv("TAPELOOM_CATALOG");
            QVERIFY(engine.ok());
            auto lib = device::open_library(engine_catalog(*engine.value()), home.toStdString(), "",
                                            engine.value()->clock());
            QVERIFY(lib.ok());
            QVERIFY(lib.value()->mount(0, "TLO005L9").ok());
            auto& drive = lib.value()->drive(0);
            QVERIFY(drive.open(false).ok());
            format::VolumeLabel label;
            label.volume_uuid = format::Uuid::random();
            label.barcode = "TLO005L9";
            label.pool = "Default";
            label.block_size = 64 * 1024;
            const auto lb = format::encode_label(label);
            QVERIFY(drive.write_block(lb.data(), lb.size()).ok());
            QVERIFY(drive.write_filemarks(1).ok());
            format::SessionHeader sh;
            sh.session_uuid = format::Uuid::random();
            sh.job_id = 77;
            sh.start_time = 1'700'000'000;
            sh.block_size = 64 * 1024;
            sh.streams.push_back({1, format::SourceKind::Dir, "/srv/data", codec::Codec::None,
                                  format::kUnknownSize});
            std::vector<std::uint8_t> block(64 * 1024);
            QVERIFY(format::encode_session_header_block(sh, {sh.session_uuid, 0, 0, 0}, 1,
                                                        block.data(), block.size())
                        .ok());
            QVERIFY(drive.write_block(block.data(), block.size()).ok());
            format::BlockBuilder b;
            b.reset(block.data(), block.size(),
                    {sh.session_uuid, 1, 0, format::block_flags::kData});
            QVERIFY(b.free_for_chunk() >= payload.size());
            std::uint8_t* p = b.begin_chunk(
                1, 0, format::chunk_flags::kStreamBegin | format::chunk_flags::kStreamEnd, 0);
            std::memcpy(p, payload.data(), payload.size());
            b.end_chunk(payload.size());
            b.finish(1, 1);
            QVERIFY(drive.write_block(block.data(), block.size()).ok());
            QVERIFY(drive.write_filemarks(1).ok());
            QVERIFY(drive.close().ok());
        }
        // The forged session has no trailer: scan rebuilds its job as incomplete (exit 7).
        auto scan = run_cli({"--home", home, "scan", "TLO005L9", "--json"});
        QVERIFY2(scan.exit_code == 7, scan.out.constData());
        QCOMPARE(scan.json().object().value("incomplete").toArray().size(), 1);
        QCOMPARE(scan.json().object().value("files_added").toInt(), 6);
        auto r = run_cli({"--home", home, "restore", "--job", "1", "--to", target, "--json"});
        QCOMPARE(r.exit_code, 7); // partial: the hostile entries failed
        // Nothing escaped.
        QCOMPARE(
            QDir(outside).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
            0);
        // The honest file is there; the link was restored as a link, never followed.
        QFile ok(target + "/srv/data/safe/ok.txt");
        QVERIFY(ok.open(QIODevice::ReadOnly));
        QCOMPARE(ok.readAll(), QByteArray("ok"));
        QVERIFY(QFileInfo(target + "/srv/data/jump").isSymLink());
        int refused = 0;
        for (const auto& p : r.json().object().value("problems").toArray())
            if (p.toObject().value("status").toString() == "refused") ++refused;
        QCOMPARE(refused, 3); // ../, absolute, through the symlink
    }
};

TLTEST_CATALOG_MAIN(TestCraftedVolume)
#include "test_crafted_volume.moc"
