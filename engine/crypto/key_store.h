#pragma once
// The key store: <home>/keys/ (mode 0700), one file per key (mode 0600), beside the catalog
// and never inside it, so the catalog backup never carries a key. A key is 32 random bytes
// (RAND_bytes); its id is "NAME:FINGERPRINT" (16 hex digits of a SHA-256 over the key), which
// is what the media and the catalog record: the name says which key to import, the
// fingerprint that it is the same key. Key bytes are never logged or printed.
//
// Exports are protected by a passphrase: scrypt (OpenSSL EVP_KDF) derives a wrapping key that
// seals the key with AES-256-GCM; the file holds the parameters, salt, nonce, tag and id.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "crypto/secret.h"

namespace tl::crypto {

struct KeyInfo {
    std::string name;
    std::string id; // NAME:FINGERPRINT
    std::int64_t created = 0;
};

class KeyStore final {
public:
    explicit KeyStore(std::string dir) : dir_(std::move(dir)) {}
    static KeyStore in_home(const std::string& home) { return KeyStore(home + "/keys"); }

    const std::string& dir() const { return dir_; }

    // AlreadyExists for a name in use; InvalidArgument for a bad name.
    Result<KeyInfo> create(const std::string& name, std::int64_t now);
    Result<std::vector<KeyInfo>> list() const;
    // NotFound for an unknown name.
    Result<KeyInfo> info(const std::string& name) const;
    // The key a save set needs, by its id. KeyMissing (naming the id and what to do) when the
    // store has no such key or a key of that name with another fingerprint.
    Result<SecretKey> load(const std::string& key_id) const;

    // Writes an export of `name` to `file` (created, never overwritten; mode 0600).
    Status export_key(const std::string& name, const std::string& file,
                      const std::string& passphrase) const;
    // Reads an export; InvalidArgument for a wrong passphrase or an altered file, AlreadyExists
    // when a different key of that name is in the store (the same key again is fine).
    Result<KeyInfo> import_key(const std::string& file, const std::string& passphrase,
                               std::int64_t now);
    // The same from the export's text (what POST /v1/keys carries); `origin` names it in the
    // errors (the file, or "the key export").
    Result<KeyInfo> import_text(const std::string& text, const std::string& origin,
                                const std::string& passphrase, std::int64_t now);

private:
    std::string dir_;
    Status ensure_dir() const;
    Result<std::pair<KeyInfo, SecretKey>> read(const std::string& name) const;
    Status write(const KeyInfo& info, const SecretKey& key) const;
};

// "NAME:0123456789abcdef" for a key.
std::string key_id_for(const std::string& name, const SecretKey& key);
// A key name: 1..64 of [A-Za-z0-9._-], not starting with '.'.
Status check_key_name(const std::string& name);
// The smallest passphrase accepted for an export.
inline constexpr std::size_t kMinPassphrase = 8;

} // namespace tl::crypto
