#include <QtTest>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "client/busy_socket.h"
#include "client/service_client.h"
#include "service/api_protocol.h"

// A client of a service whose Unix socket is momentarily full (client/busy_socket.h): it waits
// and gets its answer, where it used to fail at once with "broke (Connection)" (sixteen streams
// opened together on a loaded CI machine). A socket nobody listens on is still said at once to
// be no service.
class TestBusySocket : public QObject {
    Q_OBJECT

    static sockaddr_un address_of(const std::string& path) {
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        std::memcpy(a.sun_path, path.c_str(), path.size() + 1);
        return a;
    }

    // A socket listening at `path` that accepts nothing (yet): its queue holds one connection.
    static int listen_without_accepting(const std::string& path) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        auto a = address_of(path);
        if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) != 0 ||
            ::listen(fd, 0) != 0)
            return -1;
        return fd;
    }

    // Connects until the queue of `path` is full; the connections that got in.
    static std::vector<int> fill_queue(const std::string& path) {
        std::vector<int> in;
        for (int i = 0; i < 64; ++i) {
            const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            auto a = address_of(path);
            if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) != 0) {
                ::close(fd);
                break;
            }
            in.push_back(fd);
        }
        return in;
    }

private Q_SLOTS:
    void aFullQueueIsBusyAndNoListenerIsNot() {
        QTemporaryDir d;
        const std::string path = d.path().toStdString() + "/s.sock";
        QVERIFY(!tl::client::unix_socket_busy(path)); // no file
        const int fd = listen_without_accepting(path);
        QVERIFY(fd >= 0);
        auto queued = fill_queue(path);
        QVERIFY(!queued.empty());
        QVERIFY(tl::client::unix_socket_busy(path)); // full queue
        for (int q : queued)
            ::close(q);
        ::close(fd);
        QVERIFY(!tl::client::unix_socket_busy(path)); // the file stays, nobody listens
    }

    void aCallWaitsForAFullQueueAndIsAnswered() {
        QTemporaryDir d;
        const std::string home = d.path().toStdString();
        const std::string path = tl::service::socket_path(home);
        const int fd = listen_without_accepting(path);
        QVERIFY(fd >= 0);
        auto queued = fill_queue(path);
        QVERIFY(!queued.empty());
        // The listener frees its queue after a while, then answers the next connection.
        std::atomic<bool> answered{false};
        std::thread server([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            for (std::size_t i = 0; i < queued.size(); ++i)
                ::close(::accept(fd, nullptr, nullptr));
            for (;;) {
                const int c = ::accept(fd, nullptr, nullptr);
                char buf[4096];
                const auto n = ::read(c, buf, sizeof(buf));
                if (n <= 0) { // a probe of busy_socket.h: it sends nothing
                    ::close(c);
                    continue;
                }
                const char reply[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                                     "Content-Length: 5\r\nConnection: close\r\n\r\nhello";
                if (::write(c, reply, sizeof(reply) - 1) > 0) answered = true;
                ::close(c);
                return;
            }
        });
        tl::client::ServiceClient client(home);
        auto r = client.metrics();
        server.join();
        for (int q : queued)
            ::close(q);
        ::close(fd);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(QString::fromStdString(r.value()), QString("hello"));
        QVERIFY(answered.load());
    }
};

QTEST_GUILESS_MAIN(TestBusySocket)
#include "test_busy_socket.moc"
