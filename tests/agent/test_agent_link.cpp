#include <QtTest>

#include <future>

#include <sys/stat.h>
#include <unistd.h>

#include "agent/agent_state.h"
#include "agent/identity.h"
#include "agent/tls_link.h"
#include "agent/wire.h"

using namespace tl::agent;

// The agent link (docs/agent.md) in one process: identities kept private, the pinned mutual
// TLS handshake that refuses a certificate it does not know on either side, the hello that
// refuses another major version of the protocol on both sides, and the --allow roots.
class TestAgentLink : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    Identity agent_, service_, stranger_;

    static mode_t mode_of(const std::string& path) {
        struct stat st {};
        ::stat(path.c_str(), &st);
        return st.st_mode & 07777;
    }

    // Accepts one connection on `listener` in a thread: the accepted link, or why not.
    static std::future<tl::Result<std::unique_ptr<TlsLink>>> accept_one(TlsListener& listener) {
        return std::async(std::launch::async, [&listener] { return listener.accept(); });
    }

    std::unique_ptr<TlsListener> listen_trusting(const std::string& fingerprint) {
        auto l = TlsListener::listen("127.0.0.1:0", agent_, [fingerprint] { return fingerprint; });
        return l ? std::move(l.value()) : nullptr;
    }

    std::string address_of(const TlsListener& l) { return "127.0.0.1:" + std::to_string(l.port()); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const std::string base = dir_.path().toStdString();
        auto a = init_agent(base + "/agent");
        auto s = service_identity(base + "/home");
        auto x = ensure_identity(base + "/stranger", "service", "someone else");
        QVERIFY(a && s && x);
        agent_ = a.value();
        service_ = s.value();
        stranger_ = x.value();
    }

    void identitiesArePrivateAndStable() {
        QCOMPARE(agent_.fingerprint.size(), std::size_t{64});
        QVERIFY(agent_.fingerprint != service_.fingerprint);
        QCOMPARE(mode_of(agent_.key_path), mode_t{0600});
        QCOMPARE(mode_of(agent_.cert_path), mode_t{0600});
        QCOMPARE(mode_of(dir_.path().toStdString() + "/agent"), mode_t{0700});
        auto again = init_agent(dir_.path().toStdString() + "/agent");
        QVERIFY(again);
        QCOMPARE(again->fingerprint, agent_.fingerprint); // an existing key is kept
    }

    void fingerprintsAreReadAsTyped() {
        std::string colons;
        for (std::size_t i = 0; i < agent_.fingerprint.size(); i += 2)
            colons += (i ? ":" : "") + agent_.fingerprint.substr(i, 2);
        for (auto& c : colons)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        auto fp = normalize_fingerprint(colons);
        QVERIFY(fp);
        QCOMPARE(fp.value(), agent_.fingerprint);
        QVERIFY(!normalize_fingerprint("abc123"));
        QVERIFY(!normalize_fingerprint(std::string(64, 'g')));
    }

    void pinnedPeersShakeHandsAndSayHello() {
        auto listener = listen_trusting(service_.fingerprint);
        QVERIFY(listener);
        auto accepted = accept_one(*listener);
        auto link = connect_agent(address_of(*listener), service_, agent_.fingerprint, 10);
        QVERIFY2(link, link ? "" : link.error().message.c_str());
        auto agent_side = accepted.get();
        QVERIFY2(agent_side, agent_side ? "" : agent_side.error().message.c_str());
        auto agent_hello = std::async(std::launch::async,
                                      [&] { return exchange_hello(*agent_side.value(), "agent"); });
        auto hello = exchange_hello(*link.value(), "service");
        QVERIFY(hello);
        QCOMPARE(hello->value("role", ""), std::string("agent"));
        auto other = agent_hello.get();
        QVERIFY(other);
        QCOMPARE(other->value("role", ""), std::string("service"));
    }

    void anAgentOfAnotherCertificateIsRefusedByTheService() {
        auto listener = listen_trusting(service_.fingerprint);
        QVERIFY(listener);
        auto accepted = accept_one(*listener);
        auto link = connect_agent(address_of(*listener), service_, stranger_.fingerprint, 10);
        QVERIFY(!link);
        QVERIFY2(link.error().message.find("not the pinned " + stranger_.fingerprint) !=
                     std::string::npos,
                 link.error().message.c_str());
        QVERIFY(!accepted.get()); // the agent's side failed too
    }

    void aServiceOfAnotherCertificateIsRefusedByTheAgent() {
        auto listener = listen_trusting(service_.fingerprint);
        QVERIFY(listener);
        auto accepted = accept_one(*listener);
        auto link = connect_agent(address_of(*listener), stranger_, agent_.fingerprint, 10);
        auto agent_side = accepted.get();
        QVERIFY(!agent_side);
        QVERIFY2(agent_side.error().message.find(
                     stranger_.fingerprint + " is not the trusted service's") != std::string::npos,
                 agent_side.error().message.c_str());
        if (link) QVERIFY(!exchange_hello(*link.value(), "service")); // TLS 1.3: at first read
    }

    void anotherMajorVersionIsRefusedOnBothSides() {
        auto listener = listen_trusting(service_.fingerprint);
        QVERIFY(listener);
        auto accepted = accept_one(*listener);
        auto link = connect_agent(address_of(*listener), service_, agent_.fingerprint, 10);
        QVERIFY(link);
        auto agent_side = accepted.get();
        QVERIFY(agent_side);
        auto future_hello = hello("service");
        future_hello["protocol"]["major"] = kProtocolMajor + 1;
        QVERIFY(send_json(*link.value(), frame::kHello, future_hello));
        auto refused = exchange_hello(*agent_side.value(), "agent");
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, tl::ErrorKind::Unsupported);
        QVERIFY(refused.error().message.find("protocol " + std::to_string(kProtocolMajor + 1)) !=
                std::string::npos);
        // The service side reads the agent's hello, then its error naming both versions.
        QVERIFY(receive_json(*link.value(), frame::kHello));
        auto told = receive_json(*link.value(), frame::kHello);
        QVERIFY(!told);
        QVERIFY2(told.error().message.find("install the same major version") != std::string::npos,
                 told.error().message.c_str());
    }

    // A peer of protocol 1 (records as JSON) is refused by a side of protocol 2 at its hello,
    // both versions named, whichever side is the older.
    void aPeerOfProtocolOneIsRefusedNamingBothVersions() {
        for (const std::string older : {"service", "agent"}) {
            auto listener = listen_trusting(service_.fingerprint);
            QVERIFY(listener);
            auto accepted = accept_one(*listener);
            auto link = connect_agent(address_of(*listener), service_, agent_.fingerprint, 10);
            QVERIFY(link);
            auto agent_side = accepted.get();
            QVERIFY(agent_side);
            TlsLink& old_side = older == "service" ? *link.value() : *agent_side.value();
            TlsLink& new_side = older == "service" ? *agent_side.value() : *link.value();
            auto old_hello = hello(older);
            old_hello["protocol"] = {{"major", 1}, {"minor", 1}};
            QVERIFY(send_json(old_side, frame::kHello, old_hello));
            auto refused = exchange_hello(new_side, older == "service" ? "agent" : "service");
            QVERIFY(!refused);
            QCOMPARE(refused.error().kind, tl::ErrorKind::Unsupported);
            const auto& why = refused.error().message;
            QVERIFY2(why.find("speaks agent protocol 1.1") != std::string::npos, why.c_str());
            QVERIFY2(why.find("this side " + std::to_string(kProtocolMajor) + ".") !=
                         std::string::npos,
                     why.c_str());
            // The older side is told why, with its error frame.
            QVERIFY(receive_json(old_side, frame::kHello));
            auto told = receive_json(old_side, frame::kHello);
            QVERIFY(!told);
            QVERIFY2(told.error().message.find("speaks agent protocol 1.1") != std::string::npos,
                     told.error().message.c_str());
        }
    }

    // The link gathers TLS records in a buffer: every frame still arrives whole and in order,
    // one larger than the buffer too, and each is on its way when send() returns (a reply to
    // it comes back; a frame left in the buffer would leave both sides waiting).
    void framesArriveWholeThroughTheLinksBuffer() {
        auto listener = listen_trusting(service_.fingerprint);
        QVERIFY(listener);
        auto accepted = accept_one(*listener);
        auto link = connect_agent(address_of(*listener), service_, agent_.fingerprint, 10);
        QVERIFY(link);
        auto agent_side = accepted.get();
        QVERIFY(agent_side);
        auto echo = std::async(std::launch::async, [&]() -> tl::Status {
            for (;;) {
                auto f = agent_side.value()->receive();
                if (!f) return f.error();
                if (f->type == frame::kFinish) return {};
                TL_TRY(agent_side.value()->send(f->type, f->payload.data(), f->payload.size()));
            }
        });
        std::vector<std::uint8_t> big(3u << 20);
        for (std::size_t i = 0; i < big.size(); ++i)
            big[i] = static_cast<std::uint8_t>(i * 2654435761u >> 24);
        for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5000}, big.size()}) {
            const std::vector<std::uint8_t> head(big.begin(),
                                                 big.begin() + std::min<std::size_t>(n, 7));
            QVERIFY(
                link.value()->send(frame::kData, head, big.data() + head.size(), n - head.size()));
            auto back = link.value()->receive();
            QVERIFY2(back, back ? "" : back.error().message.c_str());
            QCOMPARE(back->type, frame::kData);
            QCOMPARE(back->payload.size(), n);
            QVERIFY(std::equal(back->payload.begin(), back->payload.end(), big.begin()));
        }
        QVERIFY(link.value()->send(frame::kFinish, nullptr, 0));
        QVERIFY(echo.get());
    }

    void allowedRootsHoldAgainstDotDotAndSymlinks() {
        const QString root = dir_.path() + "/allowed", outside = dir_.path() + "/outside";
        QVERIFY(QDir().mkpath(root) && QDir().mkpath(outside));
        QVERIFY(::symlink(outside.toUtf8().constData(), (root + "/escape").toUtf8().constData()) ==
                0);
        auto allow = AllowList::from({root.toStdString()});
        QVERIFY(allow);
        QVERIFY(allow->check(root.toStdString() + "/new/dir", "target"));
        QVERIFY(!allow->check(outside.toStdString(), "target"));
        QVERIFY(!allow->check(root.toStdString() + "/../outside", "target"));
        QVERIFY(!allow->check(root.toStdString() + "/escape/x", "target"));
        QVERIFY(!allow->check("relative/path", "target"));
        QVERIFY(!AllowList::from({"relative"}));
    }
};

QTEST_GUILESS_MAIN(TestAgentLink)
#include "test_agent_link.moc"
