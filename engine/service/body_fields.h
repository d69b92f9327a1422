#pragma once
// The fields of a typed route's JSON body (docs/api.md "Resources"): the checks every route that
// takes an object shares, each refusal an InvalidArgument naming the route and the field, and
// the 202 answer of a route that started a job.
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

#include "common/result.h"
#include "service/job_starts.h"

namespace httplib {
struct Response;
}

namespace tl::service {

// `body` is an object whose fields are all among `keys`.
Status known_fields(const nlohmann::json& body, std::initializer_list<const char*> keys,
                    const std::string& route);
// The string field `key`; "" when absent or null.
Result<std::string> optional_text(const nlohmann::json& body, const char* key,
                                  const std::string& route);
// The boolean field `key`; false when absent or null.
Result<bool> optional_flag(const nlohmann::json& body, const char* key, const std::string& route);

// 202 with the job's URL (a Location header and {"job": ID, "url": "/v1/jobs/ID"}), or the
// refusal that came before the job.
void reply_job_started(httplib::Response& res, const Result<StartedJob>& started);

} // namespace tl::service
