#pragma once
// A temporary directory in tmpfs (/dev/shm) for tests of what Tapeloom does with files kept in
// memory: invalid (the test skips) where /dev/shm is missing, not tmpfs, or has less than
// `room` bytes free (a container's /dev/shm is often 64 MiB).
#include <QFile>
#include <QTemporaryDir>

#include <linux/magic.h>
#include <sys/statfs.h>

namespace tltest {

inline bool tmpfs_with_room(const QString& dir, qint64 room) {
    struct statfs fs {};
    return ::statfs(QFile::encodeName(dir).constData(), &fs) == 0 &&
           static_cast<unsigned long>(fs.f_type) == TMPFS_MAGIC &&
           static_cast<qint64>(fs.f_bavail) * static_cast<qint64>(fs.f_bsize) >= room;
}

// "" when the machine has such a directory; else why not (for QSKIP).
inline QString memory_dir_missing(qint64 room) {
    return tmpfs_with_room(QStringLiteral("/dev/shm"), room)
               ? QString()
               : QStringLiteral("no tmpfs at /dev/shm with %1 MiB free").arg(room >> 20);
}

} // namespace tltest
