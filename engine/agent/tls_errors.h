#pragma once
// OpenSSL's error queue and errno as the messages of the agent link say them.
#include <string>

#include <openssl/x509.h>

#include "common/result.h"

namespace tl::agent {

// `what`, then OpenSSL's reasons (the queue is emptied).
Error ssl_error(ErrorKind kind, const std::string& what);
// The reasons on OpenSSL's queue ("" when it is empty); the queue is emptied.
std::string ssl_reasons();
std::string errno_text();
// SHA-256 of the certificate's DER encoding, 64 lowercase hex digits.
std::string certificate_fingerprint(X509* cert);

} // namespace tl::agent
