#pragma once
// The Server-Timing header of a read's answer (docs/api.md "Timing"): started when its route
// starts, stamped once its body is set, so a client tells the service's time from its own.
#include <chrono>

#include <httplib.h>

#include "service/api_protocol.h"

namespace tl::service {

class HandlingTimer {
public:
    void stamp(httplib::Response& res) const {
        const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start_;
        res.set_header("Server-Timing", server_timing_value(spent.count()));
    }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace tl::service
