#pragma once
// A throw-away self-signed certificate for 127.0.0.1 (openssl req), for the tests of the
// service's TLS listener.
#include <QProcess>
#include <QString>

namespace tltest {

// Writes `dir`/key.pem and `dir`/cert.pem; false when openssl failed.
inline bool make_certificate(const QString& dir) {
    QProcess p;
    p.start("openssl", {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                        dir + "/key.pem", "-out", dir + "/cert.pem", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"});
    return p.waitForFinished(60000) && p.exitCode() == 0;
}

} // namespace tltest
