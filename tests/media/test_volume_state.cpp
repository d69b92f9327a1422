#include <QtTest>

#include <map>
#include <tuple>

#include "media/volume_state.h"

using namespace tl::media;

// Every (state, event) pair of docs/media.md, with and without data, force and label: the
// allowed transitions are listed here independently of the implementation; every pair not
// listed must be refused with a message naming the state.
class TestVolumeState : public QObject {
    Q_OBJECT

    using S = VolumeState;
    using E = VolumeEvent;
    static constexpr S kStates[] = {S::Blank, S::Append,   S::Full,     S::Used,    S::Recyclable,
                                    S::Error, S::ReadOnly, S::Disabled, S::Cleaning};
    static constexpr E kEvents[] = {
        E::Label,        E::Fill,    E::LimitReached, E::Expire,  E::Recycle,
        E::MarkReadOnly, E::Disable, E::Enable,       E::IoError, E::IdentifyCleaning};

    // The expected result, or nullopt for a refusal.
    static std::optional<S> expected(S from, E e, bool data, bool force, bool labeled) {
        if (from == S::Cleaning) return std::nullopt;
        switch (e) {
        case E::Label:
            if (from == S::Blank || from == S::Recyclable) return S::Append;
            if (from == S::Append && !data) return S::Append;
            if (force &&
                (from == S::Append || from == S::Full || from == S::Used || from == S::Error))
                return S::Append;
            return std::nullopt;
        case E::Fill:
            return from == S::Append ? std::optional(S::Full) : std::nullopt;
        case E::LimitReached:
            return from == S::Append ? std::optional(S::Used) : std::nullopt;
        case E::Expire:
            if (from == S::Full || from == S::Used || (from == S::Append && data))
                return S::Recyclable;
            return std::nullopt;
        case E::Recycle:
            if (from == S::Full || from == S::Used || from == S::Error ||
                (from == S::Append && data))
                return S::Recyclable;
            return std::nullopt;
        case E::MarkReadOnly:
            if (from == S::Append || from == S::Full || from == S::Used || from == S::Recyclable)
                return S::ReadOnly;
            return std::nullopt;
        case E::Disable:
            return from == S::Disabled ? std::nullopt : std::optional(S::Disabled);
        case E::Enable:
            if (from == S::ReadOnly || from == S::Disabled || from == S::Error)
                return !labeled ? S::Blank : (data ? S::Used : S::Append);
            return std::nullopt;
        case E::IoError:
            if (from == S::Append || from == S::Full || from == S::Used || from == S::ReadOnly)
                return S::Error;
            return std::nullopt;
        case E::IdentifyCleaning:
            return from == S::Blank ? std::optional(S::Cleaning) : std::nullopt;
        }
        return std::nullopt;
    }

private Q_SLOTS:
    void everyTransitionAndRefusal() {
        int allowed = 0, refused = 0;
        for (S from : kStates)
            for (E e : kEvents)
                for (int bits = 0; bits < 8; ++bits) {
                    TransitionFacts f;
                    f.has_data = bits & 1;
                    f.force = bits & 2;
                    f.labeled = !(bits & 4);
                    const auto want = expected(from, e, f.has_data, f.force, f.labeled);
                    const auto got = next_state(from, e, f);
                    const QByteArray what = QByteArray(to_string(from)) + " / " + to_string(e) +
                                            " data=" + QByteArray::number(f.has_data) +
                                            " force=" + QByteArray::number(f.force) +
                                            " labeled=" + QByteArray::number(f.labeled);
                    QVERIFY2(got.ok() == want.has_value(), what.constData());
                    if (want) {
                        QVERIFY2(got.value() == *want, what.constData());
                        ++allowed;
                    } else {
                        QCOMPARE(got.error().kind, tl::ErrorKind::InvalidArgument);
                        const QString msg = QString::fromStdString(got.error().message);
                        QVERIFY2(msg.contains(QLatin1String(to_string(from))), qPrintable(msg));
                        QVERIFY2(msg.contains(';'), qPrintable(msg)); // says what to do
                        ++refused;
                    }
                }
        QVERIFY(allowed > 100);
        QVERIFY(refused > 300);
    }

    void theLifeOfAVolume() {
        TransitionFacts empty, data;
        data.has_data = true;
        auto s = next_state(S::Blank, E::Label, empty);
        QCOMPARE(s.value(), S::Append);
        s = next_state(s.value(), E::LimitReached, data);
        QCOMPARE(s.value(), S::Used);
        s = next_state(s.value(), E::Expire, data);
        QCOMPARE(s.value(), S::Recyclable);
        s = next_state(s.value(), E::Label, data);
        QCOMPARE(s.value(), S::Append);
        s = next_state(s.value(), E::Fill, data);
        QCOMPARE(s.value(), S::Full);
        // A full volume with kept data is not relabeled without force.
        QVERIFY(!next_state(S::Full, E::Label, data).ok());
        TransitionFacts forced = data;
        forced.force = true;
        QCOMPARE(next_state(S::Full, E::Label, forced).value(), S::Append);
        // Enabled, a read-only or disabled volume returns to the state it had; one in error (or
        // of unknown past) with data takes no more appends.
        TransitionFacts marked = data;
        for (S was : {S::Append, S::Full, S::Used, S::Recyclable}) {
            marked.before_mark = was;
            QCOMPARE(next_state(S::ReadOnly, E::Enable, marked).value(), was);
            QCOMPARE(next_state(S::Disabled, E::Enable, marked).value(), was);
        }
        marked.before_mark = S::Append;
        QCOMPARE(next_state(S::Error, E::Enable, marked).value(), S::Used);
        marked.before_mark = S::Blank;
        QCOMPARE(next_state(S::Disabled, E::Enable, marked).value(), S::Used);
        // Read-only and disabled volumes are never relabeled, even with force.
        QVERIFY(!next_state(S::ReadOnly, E::Label, forced).ok());
        QVERIFY(!next_state(S::Disabled, E::Label, forced).ok());
        QVERIFY(!next_state(S::Cleaning, E::Label, forced).ok());
    }

    void namesRoundTrip() {
        for (S st : kStates) {
            const auto back = parse_volume_state(to_string(st));
            QVERIFY(back.has_value());
            QVERIFY(*back == st);
        }
        QVERIFY(!parse_volume_state("offsite").has_value());
        QVERIFY(!parse_volume_state("").has_value());
        QCOMPARE(QString(to_string(S::ReadOnly)), QStringLiteral("read-only"));
        QVERIFY(writable(S::Append));
        QVERIFY(!writable(S::Full));
    }
};

QTEST_GUILESS_MAIN(TestVolumeState)
#include "test_volume_state.moc"
