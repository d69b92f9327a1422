#pragma once
// A party's identity on the agent link (docs/agent.md): a private key and a self-signed
// certificate made with OpenSSL, kept in a private directory (the directory 0700, the files
// 0600). The agent keeps its own in its state directory, the service its own in
// <home>/identity/. Peers know each other by the SHA-256 fingerprint of the certificate, pinned
// on both sides; no certificate authority is involved.
#include <string>

#include "common/result.h"

namespace tl::agent {

struct Identity {
    std::string key_path;
    std::string cert_path;
    std::string fingerprint; // SHA-256 of the certificate (DER), 64 lowercase hex digits
};

// The identity named `name` in `dir` ("agent" -> agent.key, agent.crt), made now when missing
// (`common_name` goes into the new certificate). An existing key is never replaced.
Result<Identity> ensure_identity(const std::string& dir, const std::string& name,
                                 const std::string& common_name);
// As ensure_identity(), but NotFound (naming what to run) when it has not been made.
Result<Identity> load_identity(const std::string& dir, const std::string& name);
// The service's identity in its data directory, made on first need.
Result<Identity> service_identity(const std::string& home);

// A fingerprint as the user typed it (hex, colons and case allowed) as 64 lowercase hex
// digits; InvalidArgument naming the text when it is not a SHA-256 fingerprint.
Result<std::string> normalize_fingerprint(const std::string& text);

} // namespace tl::agent
