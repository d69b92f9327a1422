// XXH3-128: streaming equals one-shot for any split; hex form; sensitivity to one bit; every
// compiled variant (baseline, AVX2, AVX-512) gives libxxhash's own hashes.
#include <QtTest>

#include <random>
#include <vector>

#include <xxhash.h>

#include "codec/hash.h"
#include "codec/hash_kernel.h"

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
    // Each variant this CPU runs, one-shot and streamed in uneven pieces, against the library
    // (its own build, not our header's inlined copy) for lengths across XXH3's size classes:
    // 0-16, 17-128, 129-240, the stripes of 64 and blocks of 1,024, and a few MiB.
    void everyCompiledVariantGivesTheLibrarysHashes() {
        const auto kernels = tl::codec::detail::usable_hash_kernels();
        QVERIFY(!kernels.empty());
        QCOMPARE(QString::fromLatin1(kernels.back()->name),
                 QString::fromLatin1(hash_kernel_name()));
        std::vector<unsigned char> d(3u << 20);
        std::mt19937_64 g(7);
        for (auto& b : d)
            b = static_cast<unsigned char>(g());
        std::vector<std::size_t> lengths;
        for (std::size_t n = 0; n <= 2100; ++n)
            lengths.push_back(n);
        for (std::size_t n : {4095u, 4096u, 65537u, 1048576u, 3145727u})
            lengths.push_back(n);
        for (const auto* k : kernels) {
            qInfo("variant %s", k->name);
            void* st = k->create();
            QVERIFY(st);
            for (std::size_t n : lengths) {
                const unsigned char* p = d.data() + (n % 61); // unaligned starts too
                if (n + (n % 61) > d.size()) p = d.data();
                const XXH128_hash_t want = XXH3_128bits(p, n);
                std::uint64_t lo = 0, hi = 0;
                k->oneshot(p, n, lo, hi);
                if (lo != want.low64 || hi != want.high64)
                    QFAIL(qPrintable(QStringLiteral("%1, one-shot, %2 bytes").arg(k->name).arg(n)));
                k->reset(st);
                for (std::size_t at = 0, piece = 1; at < n; at += piece, piece = piece * 3 + 1)
                    k->update(st, p + at, std::min(piece, n - at));
                k->digest(st, lo, hi);
                if (lo != want.low64 || hi != want.high64)
                    QFAIL(qPrintable(QStringLiteral("%1, streamed, %2 bytes").arg(k->name).arg(n)));
            }
            k->destroy(st);
        }
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
