#pragma once
// AES-256-GCM through OpenSSL's EVP AEAD interface (nothing cryptographic done by hand).
// 96-bit nonces, 128-bit tags. The caller owns nonce uniqueness under one key.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/result.h"
#include "crypto/secret.h"

struct evp_cipher_ctx_st;

namespace tl::crypto {

inline constexpr std::size_t kGcmNonceSize = 12;
inline constexpr std::size_t kGcmTagSize = 16;

// One key, one reusable EVP context: not thread-safe, one per thread that seals or opens.
class Aes256Gcm final {
public:
    explicit Aes256Gcm(const SecretKey& key);
    ~Aes256Gcm();
    Aes256Gcm(const Aes256Gcm&) = delete;
    Aes256Gcm& operator=(const Aes256Gcm&) = delete;

    // Encrypts n bytes from `in` to `out` (may be the same buffer) and writes the tag.
    Status seal(const std::uint8_t* nonce, const std::uint8_t* aad, std::size_t aad_len,
                const std::uint8_t* in, std::size_t n, std::uint8_t* out, std::uint8_t* tag);
    // Decrypts n bytes in -> out (may be the same); Corrupt when the tag does not match (then
    // `out` holds nothing usable).
    Status open(const std::uint8_t* nonce, const std::uint8_t* aad, std::size_t aad_len,
                const std::uint8_t* in, std::size_t n, std::uint8_t* out, const std::uint8_t* tag);

private:
    bool start(bool encrypt, const std::uint8_t* nonce);
    SecretKey key_;
    evp_cipher_ctx_st* ctx_ = nullptr;
    int direction_ = -1; // 1 encrypt, 0 decrypt: the context's key schedule; -1 none yet
};

// Fills `n` bytes from OpenSSL's CSPRNG (RAND_bytes). Internal error when it cannot.
Status random_bytes(std::uint8_t* out, std::size_t n);

} // namespace tl::crypto
