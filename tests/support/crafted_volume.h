#pragma once
// A hostile cartridge for the restore tests: a well-formed Tapeloom volume (TLO005L9, written
// into drive 0 of the data directory's default library with the engine's own format code, as a
// forger would) whose objects are named to escape the restore target: "../", an absolute path
// into `outside`, a symlink to `outside` then a file "through" it, and one honest file
// safe/ok.txt. Its one session has no trailer: `scan TLO005L9` rebuilds job 1 as incomplete.
#include <sys/stat.h>

#include <cstring>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

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
#include "test_catalog.h"

namespace tltest {

inline tl::format::ObjectHeader crafted_object(tl::format::ObjectKind k, const std::string& path,
                                               std::size_t size = 0,
                                               const std::string& target = {}) {
    tl::format::ObjectHeader h;
    h.kind = k;
    h.path = path;
    h.link_target = target;
    h.size = size;
    h.mode = (k == tl::format::ObjectKind::Directory ? S_IFDIR | 0755
              : k == tl::format::ObjectKind::Symlink ? S_IFLNK | 0777
                                                     : S_IFREG | 0644);
    return h;
}

// Writes the volume; `source` is the session's stream name (the save set's source once
// scanned: "/srv/data", or a client's "client:NAME:/srv/data"). False when a step failed.
inline bool write_crafted_volume(const QString& home, const std::string& source,
                                 const std::string& outside) {
    using namespace tl;
    using K = format::ObjectKind;
    const auto payload = build_stream({
        {crafted_object(K::Directory, ""), ""},
        {crafted_object(K::RegularFile, "../../outside/dotdot.txt", 4), "evil"},
        {crafted_object(K::RegularFile, outside + "/absolute.txt", 4), "evil"},
        {crafted_object(K::Symlink, "jump", 0, outside), ""},
        {crafted_object(K::RegularFile, "jump/through-link.txt", 4), "evil"},
        {crafted_object(K::RegularFile, "safe/ok.txt", 2), "ok"},
    });
    // The test's own engine uses the catalog its CLI calls use.
    if (catalog_on_postgres()) qputenv("TAPELOOM_CATALOG", catalog_url_for(home).toUtf8());
    auto engine = Engine::open({home.toStdString(), nullptr, false});
    qunsetenv("TAPELOOM_CATALOG");
    if (!engine.ok()) return false;
    auto lib = device::open_library(engine_catalog(*engine.value()), home.toStdString(), "",
                                    engine.value()->clock());
    if (!lib.ok() || !lib.value()->mount(0, "TLO005L9").ok()) return false;
    auto& drive = lib.value()->drive(0);
    if (!drive.open(false).ok()) return false;
    format::VolumeLabel label;
    label.volume_uuid = format::Uuid::random();
    label.barcode = "TLO005L9";
    label.pool = "Default";
    label.block_size = 64 * 1024;
    const auto lb = format::encode_label(label);
    if (!drive.write_block(lb.data(), lb.size()).ok() || !drive.write_filemarks(1).ok())
        return false;
    format::SessionHeader sh;
    sh.session_uuid = format::Uuid::random();
    sh.job_id = 77;
    sh.start_time = 1'700'000'000;
    sh.block_size = 64 * 1024;
    sh.streams.push_back(
        {1, format::SourceKind::Dir, source, codec::Codec::None, format::kUnknownSize});
    std::vector<std::uint8_t> block(64 * 1024);
    if (!format::encode_session_header_block(sh, {sh.session_uuid, 0, 0, 0}, 1, block.data(),
                                             block.size())
             .ok() ||
        !drive.write_block(block.data(), block.size()).ok())
        return false;
    format::BlockBuilder b;
    b.reset(block.data(), block.size(), {sh.session_uuid, 1, 0, format::block_flags::kData});
    if (b.free_for_chunk() < payload.size()) return false;
    std::uint8_t* p =
        b.begin_chunk(1, 0, format::chunk_flags::kStreamBegin | format::chunk_flags::kStreamEnd, 0);
    std::memcpy(p, payload.data(), payload.size());
    b.end_chunk(payload.size());
    b.finish(1, 1);
    return drive.write_block(block.data(), block.size()).ok() && drive.write_filemarks(1).ok() &&
           drive.close().ok();
}

// What a restore of the crafted volume into TARGET must leave, whoever writes the files: nothing
// under OUTSIDE, the honest file restored, the link restored as a link (never followed), and the
// three hostile entries ("../", absolute, through the link) refused in the --json REPORT.
inline void check_crafted_restore(const QString& target, const QString& outside,
                                  const QJsonObject& report) {
    QCOMPARE(QDir(outside).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
             0);
    QFile ok(target + "/srv/data/safe/ok.txt");
    QVERIFY(ok.open(QIODevice::ReadOnly));
    QCOMPARE(ok.readAll(), QByteArray("ok"));
    QVERIFY(QFileInfo(target + "/srv/data/jump").isSymLink());
    int refused = 0;
    for (const auto& p : report.value("problems").toArray())
        if (p.toObject().value("status").toString() == "refused") ++refused;
    QCOMPARE(refused, 3);
}

} // namespace tltest
