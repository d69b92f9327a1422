#include "crypto/kdf.h"

#include <algorithm>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

namespace tl::crypto {
namespace {

Result<SecretKey> derive(const char* algorithm, OSSL_PARAM* params) {
    EVP_KDF* kdf = EVP_KDF_fetch(nullptr, algorithm, nullptr);
    if (!kdf)
        return make_error(ErrorKind::Unsupported,
                          std::string("OpenSSL has no ") + algorithm + " key derivation");
    EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(kdf);
    EVP_KDF_free(kdf);
    SecretKey out;
    const int ok = ctx ? EVP_KDF_derive(ctx, out.data(), out.size(), params) : 0;
    EVP_KDF_CTX_free(ctx);
    if (ok != 1)
        return make_error(ErrorKind::Internal,
                          std::string("OpenSSL ") + algorithm + " key derivation failed");
    return out;
}

} // namespace

Result<SecretKey> scrypt_key(const std::string& passphrase, std::span<const std::uint8_t> salt,
                             const ScryptParams& sp) {
    std::uint64_t n = sp.n;
    std::uint32_t r = sp.r, p = sp.p;
    std::uint64_t maxmem = 1ull << 30;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD,
                                          const_cast<char*>(passphrase.data()), passphrase.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                          const_cast<std::uint8_t*>(salt.data()), salt.size()),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_N, &n),
        OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_SCRYPT_R, &r),
        OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_SCRYPT_P, &p),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_MAXMEM, &maxmem),
        OSSL_PARAM_construct_end()};
    return derive("SCRYPT", params);
}

Result<SecretKey> hkdf_key(const SecretKey& key, std::span<const std::uint8_t> salt,
                           const std::string& info) {
    char digest[] = "SHA256";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(key.data()),
                                          key.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                          const_cast<std::uint8_t*>(salt.data()), salt.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<char*>(info.data()),
                                          info.size()),
        OSSL_PARAM_construct_end()};
    return derive("HKDF", params);
}

std::string sha256_hex(std::span<const std::uint8_t> data, std::size_t hex_digits) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr);
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < len && out.size() < hex_digits; ++i) {
        out += digits[md[i] >> 4];
        out += digits[md[i] & 15];
    }
    out.resize(std::min(out.size(), hex_digits));
    return out;
}

} // namespace tl::crypto
