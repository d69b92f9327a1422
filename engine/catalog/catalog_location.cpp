#include "catalog/catalog_location.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "catalog/db.h"
#include "catalog/pg_conn.h"
#include "catalog/schema.h"

namespace tl::catalog {

namespace {
std::string stored_url_file(const std::string& home) {
    return home + "/catalog.url";
}
} // namespace

std::string catalog_location(const std::string& home) {
    if (const char* env = std::getenv("TAPELOOM_CATALOG"); env && *env) return env;
    std::ifstream in(stored_url_file(home));
    std::string url;
    if (in && std::getline(in, url) && is_postgres_url(url)) return url;
    return home + "/catalog.db";
}

Status use_catalog(const std::string& home, const std::string& url) {
    const std::string file = stored_url_file(home);
    if (url == "sqlite") {
        std::error_code ec;
        std::filesystem::remove(file, ec);
        if (ec) return make_error(ErrorKind::Io, "cannot remove " + file + ": " + ec.message());
        return {};
    }
    if (!is_postgres_url(url))
        return make_error(ErrorKind::InvalidArgument,
                          "catalog use takes a postgresql://USER@HOST/DATABASE URL or sqlite, "
                          "not '" +
                              redact_url(url) + "'");
    // Refused before it is stored: a server that does not answer, a wrong password, another
    // program's database or another schema version.
    auto db = Db::open(url, false);
    if (!db) return db.error();
    auto version = stored_schema_version(db.value());
    if (!version) return version.error();
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return make_error(ErrorKind::Io, "cannot write " + file + ": " + std::strerror(errno));
    const std::string text = url + "\n";
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    if (!ok) return make_error(ErrorKind::Io, "cannot write " + file + ": " + std::strerror(errno));
    return {};
}

std::string catalog_display_name(const std::string& location) {
    return redact_url(location);
}

std::string without_passwords(std::string text) {
    for (const std::string scheme : {"postgresql://", "postgres://"})
        for (auto p = text.find(scheme); p != std::string::npos; p = text.find(scheme, p + 1)) {
            auto end = text.find_first_of(" \t\n'\"", p);
            if (end == std::string::npos) end = text.size();
            const std::string shown = redact_url(text.substr(p, end - p));
            text.replace(p, end - p, shown);
        }
    return text;
}

} // namespace tl::catalog
