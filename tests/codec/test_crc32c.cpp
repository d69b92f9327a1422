// CRC32C: the standard check value on both implementations, chaining, and hardware against
// the table on random data of every small length and alignment and across its chain joins.
#include <QtTest>

#include <cstring>
#include <random>
#include <vector>

#include "codec/crc32c.h"

using namespace tl::codec;

class TestCrc32c final : public QObject {
    Q_OBJECT
private slots:
    void checkValue() {
        const char* s = "123456789";
        QCOMPARE(crc32c(s, 9), 0xE3069283u);
        QCOMPARE(crc32c_portable(s, 9), 0xE3069283u);
        if (!crc32c_hardware_available()) QSKIP("no SSE4.2 on this CPU");
        QCOMPARE(crc32c_hardware(s, 9), 0xE3069283u);
    }
    void emptyInput() {
        QCOMPARE(crc32c(nullptr, 0), 0u);
        QCOMPARE(crc32c_portable("", 0, 0x1234u), 0x1234u);
    }
    void knownVectors() {
        // RFC 3720 (iSCSI) B.4: 32 bytes of zeros and 32 bytes of 0xFF.
        std::vector<unsigned char> z(32, 0), f(32, 0xFF);
        QCOMPARE(crc32c(z.data(), z.size()), 0x8A9136AAu);
        QCOMPARE(crc32c(f.data(), f.size()), 0x62A8AB43u);
        QCOMPARE(crc32c_portable(z.data(), z.size()), 0x8A9136AAu);
    }
    void chainingEqualsWhole() {
        std::vector<unsigned char> d(1000);
        std::mt19937 g(7);
        for (auto& b : d)
            b = static_cast<unsigned char>(g());
        const auto whole = crc32c(d.data(), d.size());
        for (std::size_t cut : {0u, 1u, 7u, 8u, 9u, 500u, 999u, 1000u}) {
            const auto a = crc32c(d.data(), cut);
            QCOMPARE(crc32c(d.data() + cut, d.size() - cut, a), whole);
            QCOMPARE(
                crc32c_portable(d.data() + cut, d.size() - cut, crc32c_portable(d.data(), cut)),
                whole);
        }
    }
    // A block's CRC is joined from its payload's, computed apart (format/block_builder.h).
    void combineEqualsWhole() {
        std::vector<unsigned char> d(300000);
        std::mt19937 g(11);
        for (auto& b : d)
            b = static_cast<unsigned char>(g());
        const auto whole = crc32c(d.data(), d.size());
        for (std::size_t cut : {0u, 1u, 88u, 4096u, 262144u, 299999u, 300000u}) {
            const auto a = crc32c(d.data(), cut);
            const auto b = crc32c(d.data() + cut, d.size() - cut);
            QCOMPARE(crc32c_combine(a, b, d.size() - cut), whole);
        }
    }
    // The folding path: four registers of 64 bytes fold 256 bytes per step, the folded bytes
    // and the tail go through the CRC32 instruction. Every length around the first steps (it
    // starts at 512 bytes), at several alignments and seeds, and whole blocks.
    void foldingMatchesPortable() {
        if (!crc32c_folding_available()) QSKIP("no VPCLMULQDQ with AVX-512 on this CPU");
        std::mt19937_64 g(11);
        std::vector<unsigned char> buf((1u << 20) + 64);
        for (auto& b : buf)
            b = static_cast<unsigned char>(g());
        for (std::size_t len = 0; len <= 1300; ++len)
            for (std::size_t align : {0u, 1u, 13u, 64u}) {
                const auto seed = static_cast<std::uint32_t>(g());
                const auto want = crc32c_portable(buf.data() + align, len, seed);
                if (crc32c_folding(buf.data() + align, len, seed) != want)
                    QFAIL(qPrintable(QStringLiteral("length %1, offset %2").arg(len).arg(align)));
            }
        for (std::size_t len : {262144u, 262143u, 262145u, 1048576u})
            QCOMPARE(crc32c_folding(buf.data() + 7, len, 0xDEADBEEFu),
                     crc32c_portable(buf.data() + 7, len, 0xDEADBEEFu));
        std::vector<unsigned char> zeros(4096, 0);
        QCOMPARE(crc32c_folding(zeros.data(), zeros.size()),
                 crc32c_portable(zeros.data(), zeros.size()));
        QCOMPARE(crc32c(buf.data(), 262144), crc32c_portable(buf.data(), 262144));
    }
    void hardwareMatchesPortable() {
        if (!crc32c_hardware_available()) QSKIP("no SSE4.2 on this CPU");
        std::mt19937_64 g(42);
        std::vector<unsigned char> buf(70000);
        for (auto& b : buf)
            b = static_cast<unsigned char>(g());
        for (std::size_t len = 0; len < 300; ++len)
            for (std::size_t align = 0; align < 8; ++align) {
                const auto seed = static_cast<std::uint32_t>(g());
                QCOMPARE(crc32c_hardware(buf.data() + align, len, seed),
                         crc32c_portable(buf.data() + align, len, seed));
            }
        QCOMPARE(crc32c_hardware(buf.data() + 3, 65536), crc32c_portable(buf.data() + 3, 65536));
    }
    // The hardware path joins three chains over spans of 8 KiB, then of 256 bytes: every
    // length around those joins, and a whole 256 KiB block, as the table computes it.
    void threeChainsMatchPortable() {
        if (!crc32c_hardware_available()) QSKIP("no SSE4.2 on this CPU");
        std::mt19937_64 g(9);
        std::vector<unsigned char> buf((256u << 10) + 16);
        for (auto& b : buf)
            b = static_cast<unsigned char>(g());
        for (std::size_t base : {768u, 24576u, 49152u, 24576u + 768u})
            for (std::size_t len = base - 9; len <= base + 9; ++len) {
                const auto seed = static_cast<std::uint32_t>(g());
                QCOMPARE(crc32c_hardware(buf.data() + 1, len, seed),
                         crc32c_portable(buf.data() + 1, len, seed));
            }
        QCOMPARE(crc32c_hardware(buf.data(), 256u << 10), crc32c_portable(buf.data(), 256u << 10));
        QCOMPARE(crc32c_hardware(buf.data() + 5, buf.size() - 5, 0xDEADBEEFu),
                 crc32c_portable(buf.data() + 5, buf.size() - 5, 0xDEADBEEFu));
    }
    // Large inputs are split into three lanes whose CRCs are combined: every length around the
    // split (remainders of 0-23 bytes after the lanes), block sizes, alignments and seeds.
    void threeLanesMatchPortable() {
        if (!crc32c_hardware_available()) QSKIP("no SSE4.2 on this CPU");
        std::mt19937_64 g(17);
        std::vector<unsigned char> buf((4u << 20) + 64);
        for (auto& b : buf)
            b = static_cast<unsigned char>(g());
        std::vector<std::size_t> lengths;
        for (std::size_t len = 3 * 8192 - 30; len < 3 * 8192 + 30; ++len)
            lengths.push_back(len);
        for (std::size_t len : {65536u, 65537u, 100003u, 262144u, 262120u, 1048576u, 4194304u})
            lengths.push_back(len);
        for (std::size_t len : lengths)
            for (std::size_t align : {0u, 1u, 5u}) {
                const auto seed = static_cast<std::uint32_t>(g());
                QCOMPARE(crc32c_hardware(buf.data() + align, len, seed),
                         crc32c_portable(buf.data() + align, len, seed));
                QCOMPARE(crc32c_hardware(buf.data() + align, len),
                         crc32c_portable(buf.data() + align, len));
            }
        std::vector<unsigned char> zeros(1u << 20, 0);
        QCOMPARE(crc32c_hardware(zeros.data(), zeros.size()),
                 crc32c_portable(zeros.data(), zeros.size()));
    }
};

QTEST_APPLESS_MAIN(TestCrc32c)
#include "test_crc32c.moc"
