#pragma once
// Named settings of the data directory kept in the catalog (table settings: key -> text), such
// as the pool of the catalog backup. Functions use the caller's connection and its thread.
#include <optional>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

// nullopt when the key was never set.
Result<std::optional<std::string>> get_setting(Db& db, const std::string& key);
// Sets or replaces the value.
Status put_setting(Db& db, const std::string& key, const std::string& value);

} // namespace tl::catalog
