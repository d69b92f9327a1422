#include "service/token_store.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace tl::service {

namespace {
std::string hex(const unsigned char* p, std::size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

std::string sha256_hex(const std::string& text) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_Digest(text.data(), text.size(), md, &n, EVP_sha256(), nullptr);
    return hex(md, n);
}

bool valid_name(const std::string& name) {
    if (name.empty() || name.size() > 64) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
            return false;
    return true;
}

Result<nlohmann::json> load(const std::string& path) {
    std::ifstream in(path);
    if (!in) return nlohmann::json{{"tokens", nlohmann::json::array()}};
    std::stringstream text;
    text << in.rdbuf();
    auto j = nlohmann::json::parse(text.str(), nullptr, false);
    if (!j.is_object() || !j.contains("tokens") || !j["tokens"].is_array())
        return make_error(ErrorKind::Corrupt, path + " is not a token file; remove it and add "
                                                     "the tokens again (tapeloom-cli token add)");
    return j;
}

// A stored token without "scope" predates scopes: admin, as it could do everything then. A
// scope this version does not know gives the least.
TokenInfo info(const nlohmann::json& t) {
    TokenInfo i{t.value("name", ""), t.value("created", 0LL), Scope::Admin};
    if (t.contains("scope")) {
        auto s = parse_scope(t.value("scope", ""));
        i.scope = s ? s.value() : Scope::Read;
    }
    return i;
}

Status save(const std::string& path, const nlohmann::json& j) {
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        return make_error(ErrorKind::Io, "cannot write " + tmp + ": " + std::strerror(errno));
    const std::string text = j.dump(2) + "\n";
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                    ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0)
        return make_error(ErrorKind::Io, "cannot write " + path + ": " + std::strerror(errno));
    return {};
}
} // namespace

TokenStore::TokenStore(std::string home) : path_(std::move(home) + "/api-tokens.json") {}

Result<std::string> TokenStore::add(const std::string& name, Scope scope) {
    if (!valid_name(name))
        return make_error(ErrorKind::InvalidArgument,
                          "a token's name is 1..64 of A-Z a-z 0-9 . _ -, not '" + name + "'");
    auto j = load(path_);
    if (!j) return j.error();
    for (const auto& t : (*j)["tokens"])
        if (t.value("name", "") == name)
            return make_error(ErrorKind::AlreadyExists,
                              "a token named " + name +
                                  " exists; remove it first (tapeloom-cli token remove " + name +
                                  ")");
    unsigned char raw[32];
    if (RAND_bytes(raw, sizeof raw) != 1)
        return make_error(ErrorKind::Internal, "no random bytes for a token (OpenSSL RAND_bytes)");
    const std::string token = "tlt_" + hex(raw, sizeof raw);
    (*j)["tokens"].push_back({{"name", name},
                              {"sha256", sha256_hex(token)},
                              {"created", std::time(nullptr)},
                              {"scope", scope_name(scope)}});
    TL_TRY(save(path_, j.value()));
    return token;
}

Result<std::vector<TokenInfo>> TokenStore::list() const {
    auto j = load(path_);
    if (!j) return j.error();
    std::vector<TokenInfo> out;
    for (const auto& t : (*j)["tokens"])
        out.push_back(info(t));
    return out;
}

Status TokenStore::remove(const std::string& name) {
    auto j = load(path_);
    if (!j) return j.error();
    auto& tokens = (*j)["tokens"];
    for (auto it = tokens.begin(); it != tokens.end(); ++it)
        if (it->value("name", "") == name) {
            tokens.erase(it);
            return save(path_, j.value());
        }
    return make_error(ErrorKind::NotFound,
                      "no token named " + name + "; see tapeloom-cli token list");
}

Result<TokenInfo> TokenStore::check(const std::string& token) const {
    auto j = load(path_);
    if (!j) return j.error();
    const std::string hash = sha256_hex(token);
    for (const auto& t : (*j)["tokens"]) {
        const std::string stored = t.value("sha256", "");
        if (stored.size() == hash.size() &&
            CRYPTO_memcmp(stored.data(), hash.data(), hash.size()) == 0)
            return info(t);
    }
    return make_error(ErrorKind::NotFound, "the token is none of this service's tokens");
}

} // namespace tl::service
