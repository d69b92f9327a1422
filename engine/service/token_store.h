#pragma once
// The bearer tokens that let remote clients use the service (docs/api.md "Remote access"):
// `tapeloom-cli token add NAME` makes one (32 random bytes, shown once as hex); only its
// SHA-256 is kept, in <home>/api-tokens.json (mode 0600, written whole and renamed). The
// service reads the file on each remote request, so an added or removed token counts at once.
// Each token has a scope (access_scope.h); a token stored before scopes existed has none in the
// file and is admin, as it could do everything then.
#include <string>
#include <vector>

#include "common/result.h"
#include "service/access_scope.h"

namespace tl::service {

struct TokenInfo {
    std::string name;
    long long created = 0; // unix seconds
    Scope scope = Scope::Admin;
};

class TokenStore {
public:
    explicit TokenStore(std::string home);

    // The new token (to show once); AlreadyExists when NAME is taken, InvalidArgument for a
    // name that is empty or not [A-Za-z0-9._-].
    Result<std::string> add(const std::string& name, Scope scope);
    Result<std::vector<TokenInfo>> list() const;
    Status remove(const std::string& name); // NotFound naming it
    // The name and scope of the token `token` is; NotFound when it is none of them.
    Result<TokenInfo> check(const std::string& token) const;

private:
    std::string path_;
};

} // namespace tl::service
