#pragma once
// A fixture tree with what backups get wrong: Unicode names, symlinks, hard links, a sparse
// file, empty files, a file larger than a small cartridge, many small files.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QString>

#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace tltest {

inline QByteArray random_bytes(qsizetype n, quint32 seed) {
    QByteArray b(n, Qt::Uninitialized);
    QRandomGenerator g(seed);
    auto* p = reinterpret_cast<quint32*>(b.data());
    for (qsizetype i = 0; i < n / 4; ++i)
        p[i] = g.generate();
    return b;
}

inline bool write_file(const QString& path, const QByteArray& data) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    return f.write(data) == data.size();
}

// `count` sources under `dir` (src0, src1, ...), each one file data.bin of `bytes` random bytes
// (seeds 1, 2, ...); their paths, or none when one could not be written.
inline std::vector<std::string> random_sources(const QString& dir, int count, qsizetype bytes) {
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        const QString src = dir + "/src" + QString::number(i);
        if (!write_file(src + "/data.bin", random_bytes(bytes, static_cast<quint32>(i + 1))))
            return {};
        out.push_back(src.toStdString());
    }
    return out;
}

// The temporary names of restores (files and staged directories) anywhere below `dir`.
inline QStringList restore_temporaries(const QString& dir) {
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        if (it.next(), it.fileName().startsWith(".tapeloom-restore-")) out << it.filePath();
    return out;
}

// Builds the tree under `root`; `big` is the size of the largest file.
inline bool make_fixture_tree(const QString& root, qint64 big = 12 << 20) {
    bool ok = true;
    ok &= write_file(root + QStringLiteral("/ünïcødé/日本語.txt"), "こんにちは tape\n");
    ok &= write_file(root + QStringLiteral("/ünïcødé/space name.txt"), "spaces\n");
    ok &= write_file(root + "/empty", QByteArray());
    ok &= QDir().mkpath(root + "/emptydir");
    ok &= write_file(root + "/big.bin", random_bytes(big, 7));
    ok &= write_file(root + "/hard1", "linked twice\n");
    // An extended attribute (where the filesystem has them; the test checks what was set).
    ::setxattr(QFile::encodeName(root + "/hard1").constData(), "user.tapeloom.test", "value-42", 8,
               0);
    ok &= ::link(QFile::encodeName(root + "/hard1").constData(),
                 QFile::encodeName(root + "/hard2").constData()) == 0;
    ok &= ::symlink("ünïcødé/日本語.txt", QFile::encodeName(root + "/link").constData()) == 0;
    ok &= ::symlink("/nonexistent/target", QFile::encodeName(root + "/dangling").constData()) == 0;
    for (int i = 0; i < 200; ++i)
        ok &= write_file(root + QStringLiteral("/small/d%1/f%2.txt").arg(i % 10).arg(i),
                         random_bytes(100 + 37 * i, static_cast<quint32>(i)));
    // Sparse: 8 MiB with 64 KiB of data in the middle.
    const QByteArray sparse = QFile::encodeName(root + "/sparse.img");
    const int fd = ::open(sparse.constData(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    ok &= fd >= 0;
    if (fd >= 0) {
        const QByteArray mid = random_bytes(64 * 1024, 99);
        ok &= ::pwrite(fd, mid.constData(), static_cast<size_t>(mid.size()), 4 << 20) == mid.size();
        ok &= ::ftruncate(fd, 8 << 20) == 0;
        ::close(fd);
    }
    return ok;
}

} // namespace tltest
