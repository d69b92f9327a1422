// XXH3-128: streaming equals one-shot for any split; hex form; sensitivity to one bit.
#include <QtTest>

#include <random>
#include <vector>

#include "codec/hash.h"

using namespace tl::codec;

class TestHash final : public QObject {
    Q_OBJECT
private slots:
    void knownValueOfEmptyInput() {
        // XXH3_128bits of "" (xxHash 0.8 reference): 99aa06d3014798d86001c324468d497f.
        QCOMPARE(QString::fromStdString(hash128("", 0).hex()),
                 QStringLiteral("99aa06d3014798d86001c324468d497f"));
    }
    void streamingEqualsOneShot() {
        std::vector<unsigned char> d(5000);
        std::mt19937 g(1);
        for (auto& b : d)
            b = static_cast<unsigned char>(g());
        const Hash128 whole = hash128(d.data(), d.size());
        ContentHasher h;
        for (std::size_t cut : {0u, 1u, 240u, 241u, 1024u, 4999u, 5000u}) {
            h.reset();
            h.update(d.data(), cut);
            h.update(d.data() + cut, d.size() - cut);
            QCOMPARE(h.finish(), whole);
        }
        h.reset();
        for (std::size_t i = 0; i < d.size(); i += 37)
            h.update(d.data() + i, std::min<std::size_t>(37, d.size() - i));
        QCOMPARE(h.finish(), whole);
    }
    void oneBitChangesTheHash() {
        std::vector<unsigned char> d(100, 0x5A);
        const Hash128 a = hash128(d.data(), d.size());
        d[50] ^= 1;
        QVERIFY(hash128(d.data(), d.size()) != a);
        QCOMPARE(a.hex().size(), std::size_t{32});
    }
    void moveKeepsState() {
        ContentHasher a;
        a.update("abc", 3);
        ContentHasher b = std::move(a);
        b.update("def", 3);
        QCOMPARE(b.finish(), hash128("abcdef", 6));
    }
};

QTEST_APPLESS_MAIN(TestHash)
#include "test_hash.moc"
