#include "crypto/secret.h"

#include <openssl/crypto.h>

namespace tl::crypto {

void wipe(void* p, std::size_t n) {
    OPENSSL_cleanse(p, n);
}

SecretKey::~SecretKey() {
    wipe(bytes_.data(), bytes_.size());
}

SecretKey::SecretKey(SecretKey&& other) noexcept : bytes_(other.bytes_) {
    wipe(other.bytes_.data(), other.bytes_.size());
}

SecretKey& SecretKey::operator=(SecretKey&& other) noexcept {
    if (this != &other) {
        bytes_ = other.bytes_;
        wipe(other.bytes_.data(), other.bytes_.size());
    }
    return *this;
}

} // namespace tl::crypto
