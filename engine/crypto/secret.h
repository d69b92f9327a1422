#pragma once
// Key material in memory: a fixed 32-byte buffer that is wiped (OPENSSL_cleanse) when it goes
// away, never printed and never logged. Moves wipe the source.
#include <array>
#include <cstddef>
#include <cstdint>

namespace tl::crypto {

inline constexpr std::size_t kKeySize = 32; // AES-256

class SecretKey final {
public:
    SecretKey() = default;
    ~SecretKey();
    SecretKey(const SecretKey& other) = default;
    SecretKey& operator=(const SecretKey& other) = default;
    SecretKey(SecretKey&& other) noexcept;
    SecretKey& operator=(SecretKey&& other) noexcept;

    std::uint8_t* data() { return bytes_.data(); }
    const std::uint8_t* data() const { return bytes_.data(); }
    static constexpr std::size_t size() { return kKeySize; }

private:
    std::array<std::uint8_t, kKeySize> bytes_{};
};

// Wipes `n` bytes at `p` in a way the compiler cannot drop.
void wipe(void* p, std::size_t n);

} // namespace tl::crypto
