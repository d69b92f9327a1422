#pragma once
// The bearer tokens that let remote clients use the service (docs/api.md "Remote access"):
// `tapeloom-cli token add NAME` makes one (32 random bytes, shown once as hex); only its
// SHA-256 is kept, in <home>/api-tokens.json (mode 0600, written whole and renamed). The
// service reads the file on each remote request, so an added or removed token counts at once.
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::service {

struct TokenInfo {
    std::string name;
    long long created = 0; // unix seconds
};

class TokenStore {
public:
    explicit TokenStore(std::string home);

    // The new token (to show once); AlreadyExists when NAME is taken, InvalidArgument for a
    // name that is empty or not [A-Za-z0-9._-].
    Result<std::string> add(const std::string& name);
    Result<std::vector<TokenInfo>> list() const;
    Status remove(const std::string& name); // NotFound naming it
    // The name of the token `token` is; NotFound when it is none of them.
    Result<std::string> check(const std::string& token) const;

private:
    std::string path_;
};

} // namespace tl::service
