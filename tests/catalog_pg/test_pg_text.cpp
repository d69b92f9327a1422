#include <QtTest>

#include <random>
#include <set>
#include <string>

#include "catalog/pg_text.h"

using tl::catalog::from_pg_text;
using tl::catalog::to_pg_text;

// File names as PostgreSQL text (catalog/pg_text.h): what goes to the server is always valid
// UTF-8, what comes back is the exact bytes, and two different names never meet on the server.
class TestPgText : public QObject {
    Q_OBJECT

    static bool valid_utf8(const std::string& s) {
        return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toUtf8() ==
               QByteArray(s.data(), static_cast<qsizetype>(s.size()));
    }

private Q_SLOTS:
    void utf8NamesPassUnchanged() {
        for (const std::string s : {"", "plain.txt", "caf\xc3\xa9", "\xe2\x82\xac 100",
                                    "\xf0\x9f\x93\xbc tape", "a\\b\tc%_*?[x]"}) {
            QCOMPARE(to_pg_text(s), s);
            QCOMPARE(from_pg_text(s), s);
        }
    }

    void otherBytesComeBackExactly() {
        const std::string latin1 = "caf\xe9.txt";
        const std::string sent = to_pg_text(latin1);
        QVERIFY(sent != latin1);
        QVERIFY(valid_utf8(sent));
        QCOMPARE(from_pg_text(sent), latin1);
        // Overlong forms, surrogates, a cut sequence and a code point of the escape block itself.
        for (const std::string s : {"\xc0\xaf", "\xed\xa0\x80", "ab\xe2\x82", "\xf4\x8f\xb9\x81",
                                    "\xff\xfe", "x\xf5\x80\x80\x80"}) {
            const std::string t = to_pg_text(s);
            QVERIFY2(valid_utf8(t), s.c_str());
            QCOMPARE(from_pg_text(t), s);
        }
    }

    void randomBytesRoundTripAndStayApart() {
        std::mt19937 rng(42);
        std::set<std::string> names, sent;
        for (int i = 0; i < 20000; ++i) {
            std::string s(1 + rng() % 12, '\0');
            for (auto& c : s)
                c = static_cast<char>(1 + rng() % 255); // a name holds no NUL
            if (!names.insert(s).second) continue;
            const std::string t = to_pg_text(s);
            QVERIFY(valid_utf8(t));
            QCOMPARE(from_pg_text(t), s);
            QVERIFY2(sent.insert(t).second, "two names met on the server");
        }
    }
};

QTEST_GUILESS_MAIN(TestPgText)
#include "test_pg_text.moc"
