#pragma once
// Stops the data directory's service when a test ends, also when it fails half-way, so that no
// service outlives its test.
#include <QString>

#include "cli_runner.h"
#include "client/service_client.h"

namespace tltest {

struct ServiceGuard {
    QString home;
    ~ServiceGuard() {
        tl::client::ServiceClient c(home.toStdString());
        if (c.service()) run_cli(with_home(home, {"service", "stop"}));
    }
};

} // namespace tltest
