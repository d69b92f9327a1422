#pragma once
// Which catalog a data directory uses: the embedded SQLite file <home>/catalog.db, or a
// PostgreSQL database named by a postgresql:// URL (docs/catalog.md "PostgreSQL back end").
// In order: $TAPELOOM_CATALOG (the CLI's --catalog sets it for the process and its children)
// > the URL stored in <home>/catalog.url by `tapeloom-cli catalog use URL` > <home>/catalog.db.
#include <string>

#include "common/result.h"

namespace tl::catalog {

// What Db::open takes for the catalog of `home`.
std::string catalog_location(const std::string& home);

// Stores `url` as the catalog of `home` (catalog.url, mode 0600: it may hold a password);
// "sqlite" goes back to <home>/catalog.db. InvalidArgument for anything else; a URL is connected
// to and its schema checked first (the schema itself is made by the next command that writes).
Status use_catalog(const std::string& home, const std::string& url);

// The catalog as messages show it: a URL without its password.
std::string catalog_display_name(const std::string& location);
// `text` with every postgresql:// URL in it shown without its password (what a message or a log
// line may print).
std::string without_passwords(std::string text);

} // namespace tl::catalog
