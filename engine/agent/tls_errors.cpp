#include "agent/tls_errors.h"

#include <cerrno>
#include <cstring>

#include <openssl/err.h>
#include <openssl/evp.h>

namespace tl::agent {

std::string ssl_reasons() {
    std::string out;
    while (const unsigned long e = ERR_get_error()) {
        char buf[256];
        ERR_error_string_n(e, buf, sizeof buf);
        const char* reason = ERR_reason_error_string(e);
        out += (out.empty() ? "" : "; ") + std::string(reason ? reason : buf);
    }
    return out;
}

Error ssl_error(ErrorKind kind, const std::string& what) {
    const std::string why = ssl_reasons();
    return make_error(kind, why.empty() ? what : what + " (" + why + ")");
}

std::string errno_text() {
    return std::strerror(errno);
}

std::string certificate_fingerprint(X509* cert) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    X509_digest(cert, EVP_sha256(), md, &n);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < n; ++i) {
        out += hex[md[i] >> 4];
        out += hex[md[i] & 15];
    }
    return out;
}

} // namespace tl::agent
