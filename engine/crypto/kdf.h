#pragma once
// Key derivation through OpenSSL 3's EVP_KDF: scrypt (memory-hard) turns an export passphrase
// into a wrapping key; HKDF-SHA256 derives each session's chunk key from a stored key, so that
// no two sessions share a key and a chunk's nonce only has to be unique inside its session.
#include <cstdint>
#include <span>
#include <string>

#include "common/result.h"
#include "crypto/secret.h"

namespace tl::crypto {

struct ScryptParams {
    std::uint64_t n = 1u << 15; // cost: 2^15 x 8 x 128 bytes = 32 MiB of memory
    std::uint32_t r = 8;
    std::uint32_t p = 1;
};

Result<SecretKey> scrypt_key(const std::string& passphrase, std::span<const std::uint8_t> salt,
                             const ScryptParams& params);

// HKDF-SHA256(ikm = key, salt, info).
Result<SecretKey> hkdf_key(const SecretKey& key, std::span<const std::uint8_t> salt,
                           const std::string& info);

// SHA-256 of `data`, hex, first `hex_digits` digits.
std::string sha256_hex(std::span<const std::uint8_t> data, std::size_t hex_digits);

} // namespace tl::crypto
