#pragma once
// The chunk cipher of one media session (format/chunk_seal.h): AES-256-GCM under a key derived
// with HKDF-SHA256 from a stored key and the session UUID, so each session has its own key and
// a nonce (block seq, chunk index) never repeats under a key.
#include <memory>
#include <string>

#include "crypto/aead.h"
#include "crypto/key_store.h"
#include "format/chunk_seal.h"
#include "format/uuid.h"

namespace tl::crypto {

// The algorithm name the CLI, the catalog and the session header use.
inline constexpr const char* kAes256Gcm = "aes-256-gcm";

class SessionCipher final : public format::ChunkCipher {
public:
    static Result<std::unique_ptr<SessionCipher>> create(const SecretKey& key,
                                                         const format::Uuid& session);
    // Seal and open reuse one EVP context: one SessionCipher per thread.
    Status seal(const format::SealParams& p, std::uint8_t* data, std::size_t n,
                std::uint8_t* tag) const override;
    Status open(const format::SealParams& p, std::uint8_t* data, std::size_t n,
                const std::uint8_t* tag) const override;

private:
    explicit SessionCipher(const SecretKey& key) : gcm_(key) {}
    mutable Aes256Gcm gcm_;
};

// The cipher for a session written with `key_id`, from the store. KeyMissing (naming the key
// id and telling to import it) when the store does not have it.
Result<std::unique_ptr<SessionCipher>>
session_cipher(const KeyStore& store, const std::string& key_id, const format::Uuid& session);

} // namespace tl::crypto
