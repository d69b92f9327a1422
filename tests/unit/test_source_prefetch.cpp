#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include "source/file_prefetch.h"

using namespace tl;

// Issue 17: the backup reads small files ahead of the one it stores. What it stores must be
// what each file held, in the order the walk gave them, and a file that went away between the
// walk and its read is reported as such instead of being stored empty.
class TestSourcePrefetch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void filesComeBackInOrderWithTheirBytes() {
        QTemporaryDir d;
        const int dir = ::open(QFile::encodeName(d.path()).constData(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        std::vector<std::string> bodies;
        for (int i = 0; i < 200; ++i) {
            bodies.push_back(std::string(static_cast<std::size_t>(1 + i * 97 % 9000),
                                         static_cast<char>('a' + i % 26)));
            QFile f(d.path() + "/f" + QString::number(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bodies.back().data(), static_cast<qint64>(bodies.back().size()));
        }
        QVERIFY(QFile::remove(d.path() + "/f7")); // gone before its read
        source::FilePrefetcher pre(3);
        std::vector<std::uint64_t> tickets;
        for (int i = 0; i < 200; ++i)
            tickets.push_back(pre.submit(dir, "f" + std::to_string(i), bodies[i].size(), true));
        for (int i = 0; i < 200; ++i) {
            auto r = pre.take(tickets[static_cast<std::size_t>(i)]);
            if (i == 7) {
                QCOMPARE(r.open_error, ENOENT);
                continue;
            }
            QCOMPARE(r.open_error, 0);
            QCOMPARE(r.read_error, 0);
            QVERIFY(r.after_ok);
            QCOMPARE(static_cast<std::size_t>(r.after.st_size), bodies[i].size());
            QCOMPARE(std::string(r.data.begin(), r.data.end()), bodies[i]);
        }
        ::close(dir);
    }
};

QTEST_GUILESS_MAIN(TestSourcePrefetch)
#include "test_source_prefetch.moc"
