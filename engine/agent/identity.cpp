#include "agent/identity.h"

#include <cctype>
#include <cstdio>
#include <memory>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "agent/tls_errors.h"
#include "common/home.h"
#include "common/log.h"

namespace tl::agent {

namespace {

struct FileCloser {
    void operator()(FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<FILE, FileCloser>;

// Opens `path` for writing, created 0600 (never a file that is there already).
Result<File> create_private(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return make_error(ErrorKind::Io, "cannot create " + path + ": " + errno_text());
    FILE* f = ::fdopen(fd, "w");
    if (!f) {
        ::close(fd);
        return make_error(ErrorKind::Io, "cannot write " + path);
    }
    return File(f);
}

Result<EVP_PKEY*> make_key(const std::string& key_path) {
    EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    if (!key) return ssl_error(ErrorKind::Internal, "cannot make a key");
    auto out = create_private(key_path);
    if (!out || !PEM_write_PrivateKey(out->get(), key, nullptr, nullptr, 0, nullptr, nullptr)) {
        EVP_PKEY_free(key);
        if (!out) return out.error();
        return ssl_error(ErrorKind::Io, "cannot write " + key_path);
    }
    return key;
}

Status make_certificate(EVP_PKEY* key, const std::string& cert_path, const std::string& cn) {
    std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), static_cast<long>(::time(nullptr)));
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 100L * 365 * 24 * 3600);
    X509_set_pubkey(cert.get(), key);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char*>(cn.c_str()), -1, -1, 0);
    X509_set_issuer_name(cert.get(), name);
    if (!X509_sign(cert.get(), key, EVP_sha256()))
        return ssl_error(ErrorKind::Internal, "cannot sign the certificate");
    auto out = create_private(cert_path);
    if (!out) return out.error();
    if (!PEM_write_X509(out->get(), cert.get()))
        return ssl_error(ErrorKind::Io, "cannot write " + cert_path);
    return {};
}

bool exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

Result<std::string> fingerprint_of(const std::string& cert_path) {
    File f(std::fopen(cert_path.c_str(), "r"));
    if (!f) return make_error(ErrorKind::Io, "cannot read " + cert_path + ": " + errno_text());
    std::unique_ptr<X509, decltype(&X509_free)> cert(
        PEM_read_X509(f.get(), nullptr, nullptr, nullptr), X509_free);
    if (!cert) return ssl_error(ErrorKind::Corrupt, cert_path + " holds no certificate");
    return certificate_fingerprint(cert.get());
}

Identity paths(const std::string& dir, const std::string& name) {
    return {dir + "/" + name + ".key", dir + "/" + name + ".crt", ""};
}

} // namespace

Result<Identity> load_identity(const std::string& dir, const std::string& name) {
    Identity id = paths(dir, name);
    if (!exists(id.key_path) || !exists(id.cert_path))
        return make_error(ErrorKind::NotFound, "no " + name + " key in " + dir +
                                                   "; run tapeloom-agent init --state " + dir);
    auto fp = fingerprint_of(id.cert_path);
    if (!fp) return fp.error();
    id.fingerprint = fp.value();
    return id;
}

Result<Identity> ensure_identity(const std::string& dir, const std::string& name,
                                 const std::string& common_name) {
    TL_TRY(ensure_private_directory(dir));
    Identity id = paths(dir, name);
    if (!exists(id.key_path)) {
        if (exists(id.cert_path)) ::unlink(id.cert_path.c_str()); // a certificate without key
        auto key = make_key(id.key_path);
        if (!key) return key.error();
        auto st = make_certificate(key.value(), id.cert_path, common_name);
        EVP_PKEY_free(key.value());
        if (!st) return st.error();
        log::get("engine")->info("{} key and certificate made in {}", name, dir);
    }
    return load_identity(dir, name);
}

Result<Identity> service_identity(const std::string& home) {
    return ensure_identity(home + "/identity", "service", "tapeloom-service");
}

Result<std::string> normalize_fingerprint(const std::string& text) {
    std::string hex;
    for (char c : text) {
        if (c == ':' || c == ' ') continue;
        if (!std::isxdigit(static_cast<unsigned char>(c))) {
            hex.clear();
            break;
        }
        hex += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (hex.size() != 64)
        return make_error(ErrorKind::InvalidArgument,
                          "'" + text +
                              "' is not a SHA-256 fingerprint (64 hex digits, colons allowed); "
                              "copy it from what tapeloom-agent init or client add printed");
    return hex;
}

} // namespace tl::agent
