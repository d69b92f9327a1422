#include "crypto/key_store.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "crypto/aead.h"
#include "crypto/kdf.h"
#include "crypto/key_file.h"

namespace tl::crypto {
namespace {

constexpr const char* kKeyFileMagic = "tapeloom-key 1";
constexpr const char* kExportFormat = "tapeloom-key-export";
constexpr std::size_t kSaltSize = 16;

std::string key_path(const std::string& dir, const std::string& name) {
    return dir + "/" + name + ".key";
}

// Parses "word value" lines of a key file.
std::string field(const std::string& text, const std::string& word) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(word + " ", 0) == 0) return line.substr(word.size() + 1);
    return {};
}

struct StringWiper {
    std::string& s;
    ~StringWiper() { wipe(s.data(), s.size()); }
};

} // namespace

std::string key_id_for(const std::string& name, const SecretKey& key) {
    std::vector<std::uint8_t> data = {'t', 'a', 'p', 'e', 'l', 'o', 'o', 'm', ' ', 'k', 'e', 'y'};
    data.insert(data.end(), key.data(), key.data() + key.size());
    const std::string fp = sha256_hex(data, 16);
    wipe(data.data(), data.size());
    return name + ":" + fp;
}

Status check_key_name(const std::string& name) {
    const bool ok =
        !name.empty() && name.size() <= 64 && name[0] != '.' &&
        std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        });
    if (ok) return {};
    return make_error(ErrorKind::InvalidArgument,
                      "key name '" + name +
                          "' is invalid; use 1 to 64 letters, digits, '.', "
                          "'_' or '-'");
}

Status KeyStore::ensure_dir() const {
    if (::mkdir(dir_.c_str(), 0700) != 0 && errno != EEXIST)
        return make_error(ErrorKind::Io, dir_ + ": " + std::strerror(errno));
    if (::chmod(dir_.c_str(), 0700) != 0)
        return make_error(ErrorKind::Io, dir_ + ": " + std::strerror(errno));
    return {};
}

Status KeyStore::write(const KeyInfo& info, const SecretKey& key) const {
    TL_TRY(ensure_dir());
    std::string text = std::string(kKeyFileMagic) + "\nname " + info.name + "\nid " + info.id +
                       "\ncreated " + std::to_string(info.created) + "\nkey " +
                       to_hex(key.data(), key.size()) + "\n";
    StringWiper w{text};
    const std::string tmp = key_path(dir_, "." + info.name + ".new");
    ::unlink(tmp.c_str());
    TL_TRY(write_private_file(tmp, text));
    const std::string path = key_path(dir_, info.name);
    if (::link(tmp.c_str(), path.c_str()) != 0) { // never replaces an existing key
        const int e = errno;
        ::unlink(tmp.c_str());
        return make_error(e == EEXIST ? ErrorKind::AlreadyExists : ErrorKind::Io,
                          e == EEXIST ? "key '" + info.name + "' already exists in " + dir_
                                      : path + ": " + std::strerror(e));
    }
    ::unlink(tmp.c_str());
    return {};
}

Result<std::pair<KeyInfo, SecretKey>> KeyStore::read(const std::string& name) const {
    TL_TRY(check_key_name(name));
    auto text = read_small_file(key_path(dir_, name));
    if (!text) {
        if (text.error().kind == ErrorKind::NotFound)
            return make_error(ErrorKind::NotFound, "key '" + name + "' is not in the key store " +
                                                       dir_ + "; see tapeloom-cli key list");
        return text.error();
    }
    StringWiper w{text.value()};
    std::pair<KeyInfo, SecretKey> out;
    std::string hex = field(*text, "key");
    StringWiper wh{hex};
    out.first.name = field(*text, "name");
    out.first.id = field(*text, "id");
    out.first.created = std::atoll(field(*text, "created").c_str());
    if (text->rfind(kKeyFileMagic, 0) != 0 || out.first.name != name ||
        !from_hex(hex, out.second.data(), out.second.size()) ||
        key_id_for(name, out.second) != out.first.id)
        return make_error(ErrorKind::Corrupt,
                          key_path(dir_, name) + " is not a valid Tapeloom key file (damaged?)");
    return out;
}

Result<KeyInfo> KeyStore::create(const std::string& name, std::int64_t now) {
    TL_TRY(check_key_name(name));
    SecretKey key;
    TL_TRY(random_bytes(key.data(), key.size()));
    KeyInfo info{name, key_id_for(name, key), now};
    TL_TRY(write(info, key));
    return info;
}

Result<std::vector<KeyInfo>> KeyStore::list() const {
    std::vector<KeyInfo> out;
    DIR* d = ::opendir(dir_.c_str());
    if (!d) return out; // no store yet: no keys
    while (const dirent* e = ::readdir(d)) {
        const std::string f = e->d_name;
        if (f.size() <= 4 || f[0] == '.' || f.substr(f.size() - 4) != ".key") continue;
        auto k = read(f.substr(0, f.size() - 4));
        if (k) out.push_back(k->first);
    }
    ::closedir(d);
    std::sort(out.begin(), out.end(),
              [](const KeyInfo& a, const KeyInfo& b) { return a.name < b.name; });
    return out;
}

Result<KeyInfo> KeyStore::info(const std::string& name) const {
    auto k = read(name);
    if (!k) return k.error();
    return k->first;
}

Result<SecretKey> KeyStore::load(const std::string& key_id) const {
    const auto colon = key_id.rfind(':');
    const std::string name = colon == std::string::npos ? key_id : key_id.substr(0, colon);
    auto k = check_key_name(name)
                 ? read(name)
                 : Result<std::pair<KeyInfo, SecretKey>>(make_error(ErrorKind::NotFound, ""));
    if (k && k->first.id == key_id) return std::move(k->second);
    if (!k && k.error().kind != ErrorKind::NotFound) return k.error();
    return make_error(
        ErrorKind::KeyMissing,
        "the data is encrypted with key " + key_id + ", which is not in the key " + "store " +
            dir_ +
            (k ? " (a key of that name with another fingerprint is: " + k->first.id + ")"
               : std::string()) +
            "; import it with tapeloom-cli key import FILE");
}

Status KeyStore::export_key(const std::string& name, const std::string& file,
                            const std::string& passphrase) const {
    if (passphrase.size() < kMinPassphrase)
        return make_error(ErrorKind::InvalidArgument, "the export passphrase must have at least " +
                                                          std::to_string(kMinPassphrase) +
                                                          " characters");
    auto k = read(name);
    if (!k) return k.error();
    std::uint8_t salt[kSaltSize], nonce[kGcmNonceSize], tag[kGcmTagSize];
    TL_TRY(random_bytes(salt, sizeof salt));
    TL_TRY(random_bytes(nonce, sizeof nonce));
    const ScryptParams sp;
    auto wrap = scrypt_key(passphrase, salt, sp);
    if (!wrap) return wrap.error();
    std::uint8_t sealed[kKeySize];
    Aes256Gcm gcm(wrap.value());
    const std::string& id = k->first.id;
    TL_TRY(gcm.seal(nonce, reinterpret_cast<const std::uint8_t*>(id.data()), id.size(),
                    k->second.data(), kKeySize, sealed, tag));
    const nlohmann::json j = {{"format", kExportFormat},
                              {"version", 1},
                              {"name", k->first.name},
                              {"id", id},
                              {"created", k->first.created},
                              {"kdf", {{"name", "scrypt"}, {"n", sp.n}, {"r", sp.r}, {"p", sp.p}}},
                              {"salt", to_hex(salt, sizeof salt)},
                              {"cipher", "aes-256-gcm"},
                              {"nonce", to_hex(nonce, sizeof nonce)},
                              {"sealed_key", to_hex(sealed, sizeof sealed)},
                              {"tag", to_hex(tag, sizeof tag)}};
    return write_private_file(file, j.dump(2) + "\n");
}

Result<KeyInfo> KeyStore::import_key(const std::string& file, const std::string& passphrase,
                                     std::int64_t now) {
    auto text = read_small_file(file);
    if (!text) return text.error();
    return import_text(text.value(), file, passphrase, now);
}

Result<KeyInfo> KeyStore::import_text(const std::string& text, const std::string& origin,
                                      const std::string& passphrase, std::int64_t now) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    auto bad = [&](const std::string& why) {
        return make_error(ErrorKind::InvalidArgument, origin + ": " + why);
    };
    if (!j.is_object() || j.value("format", "") != kExportFormat || j.value("version", 0) != 1 ||
        !j.contains("kdf") || !j["kdf"].is_object() || j["kdf"].value("name", "") != "scrypt")
        return bad("not a Tapeloom key export (version 1, scrypt)");
    KeyInfo info{j.value("name", ""), j.value("id", ""), now};
    TL_TRY(check_key_name(info.name));
    ScryptParams sp{j["kdf"].value("n", std::uint64_t{0}), j["kdf"].value("r", 0u),
                    j["kdf"].value("p", 0u)};
    std::uint8_t salt[kSaltSize], nonce[kGcmNonceSize], tag[kGcmTagSize], sealed[kKeySize];
    if (!from_hex(j.value("salt", ""), salt, sizeof salt) ||
        !from_hex(j.value("nonce", ""), nonce, sizeof nonce) ||
        !from_hex(j.value("tag", ""), tag, sizeof tag) ||
        !from_hex(j.value("sealed_key", ""), sealed, sizeof sealed) || sp.n < 2 ||
        sp.n > (1u << 22) || sp.r == 0 || sp.r > 32 || sp.p == 0 || sp.p > 16)
        return bad("damaged key export (fields out of range)");
    auto wrap = scrypt_key(passphrase, salt, sp);
    if (!wrap) return wrap.error();
    SecretKey key;
    Aes256Gcm gcm(wrap.value());
    if (!gcm.open(nonce, reinterpret_cast<const std::uint8_t*>(info.id.data()), info.id.size(),
                  sealed, kKeySize, key.data(), tag))
        return bad("wrong passphrase, or the file was altered");
    if (key_id_for(info.name, key) != info.id) return bad("the key does not match its id");
    if (auto have = read(info.name)) {
        if (have->first.id == info.id) return have->first; // the same key is there already
        return make_error(ErrorKind::AlreadyExists,
                          "a different key named '" + info.name + "' is in the key store (" +
                              have->first.id + "); move its file out of " + dir_ + " first");
    }
    TL_TRY(write(info, key));
    return info;
}

} // namespace tl::crypto
