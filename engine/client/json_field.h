#pragma once
// A field of the service's JSON answer, or T's empty value when the field is missing or null:
// what the typed readers of definitions, pools and volumes take from an answer.
#include <nlohmann/json.hpp>

namespace tl::client {

template <class T> T field(const nlohmann::json& j, const char* key) {
    return j.contains(key) && !j[key].is_null() ? j[key].get<T>() : T{};
}

} // namespace tl::client
