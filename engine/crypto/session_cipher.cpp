#include "crypto/session_cipher.h"

#include "crypto/kdf.h"

namespace tl::crypto {

Result<std::unique_ptr<SessionCipher>> SessionCipher::create(const SecretKey& key,
                                                             const format::Uuid& session) {
    auto k = hkdf_key(key, session.bytes, "tapeloom chunk key v1");
    if (!k) return k.error();
    return std::unique_ptr<SessionCipher>(new SessionCipher(k.value()));
}

Status SessionCipher::seal(const format::SealParams& p, std::uint8_t* data, std::size_t n,
                           std::uint8_t* tag) const {
    return gcm_.seal(p.nonce.data(), p.aad.data(), p.aad.size(), data, n, data, tag);
}

Status SessionCipher::open(const format::SealParams& p, std::uint8_t* data, std::size_t n,
                           const std::uint8_t* tag) const {
    return gcm_.open(p.nonce.data(), p.aad.data(), p.aad.size(), data, n, data, tag);
}

Result<std::unique_ptr<SessionCipher>>
session_cipher(const KeyStore& store, const std::string& key_id, const format::Uuid& session) {
    auto key = store.load(key_id);
    if (!key) return key.error();
    return SessionCipher::create(key.value(), session);
}

} // namespace tl::crypto
