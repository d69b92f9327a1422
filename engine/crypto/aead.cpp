#include "crypto/aead.h"

#include <climits>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace tl::crypto {
namespace {

Error crypto_error(const char* what) {
    return make_error(ErrorKind::Internal, std::string("OpenSSL AES-256-GCM: ") + what);
}

bool fits_int(std::size_t n) {
    return n <= static_cast<std::size_t>(INT_MAX);
}

} // namespace

Aes256Gcm::Aes256Gcm(const SecretKey& key) : key_(key), ctx_(EVP_CIPHER_CTX_new()) {}

// The key schedule is set up once per direction; each unit then only sets its nonce.
bool Aes256Gcm::start(bool encrypt, const std::uint8_t* nonce) {
    const int dir = encrypt ? 1 : 0;
    const std::uint8_t* key = dir == direction_ ? nullptr : key_.data();
    const EVP_CIPHER* cipher = dir == direction_ ? nullptr : EVP_aes_256_gcm();
    const int ok = encrypt ? EVP_EncryptInit_ex2(ctx_, cipher, key, nonce, nullptr)
                           : EVP_DecryptInit_ex2(ctx_, cipher, key, nonce, nullptr);
    direction_ = ok == 1 ? dir : -1;
    return ok == 1;
}

Aes256Gcm::~Aes256Gcm() {
    EVP_CIPHER_CTX_free(ctx_);
}

Status Aes256Gcm::seal(const std::uint8_t* nonce, const std::uint8_t* aad, std::size_t aad_len,
                       const std::uint8_t* in, std::size_t n, std::uint8_t* out,
                       std::uint8_t* tag) {
    if (!ctx_ || !fits_int(n) || !fits_int(aad_len)) return crypto_error("no context");
    int len = 0;
    if (!start(true, nonce)) return crypto_error("init failed");
    if (aad_len && EVP_EncryptUpdate(ctx_, nullptr, &len, aad, static_cast<int>(aad_len)) != 1)
        return crypto_error("associated data failed");
    if (n && EVP_EncryptUpdate(ctx_, out, &len, in, static_cast<int>(n)) != 1)
        return crypto_error("encryption failed");
    if (EVP_EncryptFinal_ex(ctx_, out + n, &len) != 1) return crypto_error("final failed");
    if (EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_GET_TAG, static_cast<int>(kGcmTagSize), tag) != 1)
        return crypto_error("tag failed");
    return {};
}

Status Aes256Gcm::open(const std::uint8_t* nonce, const std::uint8_t* aad, std::size_t aad_len,
                       const std::uint8_t* in, std::size_t n, std::uint8_t* out,
                       const std::uint8_t* tag) {
    if (!ctx_ || !fits_int(n) || !fits_int(aad_len)) return crypto_error("no context");
    int len = 0;
    if (!start(false, nonce)) return crypto_error("init failed");
    if (aad_len && EVP_DecryptUpdate(ctx_, nullptr, &len, aad, static_cast<int>(aad_len)) != 1)
        return crypto_error("associated data failed");
    if (n && EVP_DecryptUpdate(ctx_, out, &len, in, static_cast<int>(n)) != 1)
        return crypto_error("decryption failed");
    if (EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_SET_TAG, static_cast<int>(kGcmTagSize),
                            const_cast<std::uint8_t*>(tag)) != 1)
        return crypto_error("tag failed");
    if (EVP_DecryptFinal_ex(ctx_, out + n, &len) != 1)
        return make_error(ErrorKind::Corrupt, "authentication tag does not match");
    return {};
}

Status random_bytes(std::uint8_t* out, std::size_t n) {
    if (!fits_int(n) || RAND_bytes(out, static_cast<int>(n)) != 1)
        return make_error(ErrorKind::Internal, "OpenSSL RAND_bytes failed");
    return {};
}

} // namespace tl::crypto
