#pragma once
// The typed door (api.h) over the service's HTTP API (docs/api.md): each method is one route,
// its request sent and its answer read as JSON through a ServiceClient (the Unix socket of a
// data directory, or a remote service's URL with a token). One per thread, as its client.
#include <memory>

#include "client/api.h"
#include "client/service_client.h"

namespace tl::client {

class ServiceApi final : public Api {
public:
    explicit ServiceApi(ServiceClient& client) : client_(client) {}

    Result<Job> job(std::int64_t id) override;                          // GET /v1/jobs/{id}
    Status cancel_job(std::int64_t id) override;                        // POST .../cancel
    Result<JobStarted> start_restore(const RestoreRequest& r) override; // POST /v1/restores
    Result<Volume> volume(const std::string& barcode) override;         // GET /v1/volumes/{b}
    Result<Volume> change_volume(const std::string& barcode,
                                 const VolumeChange& change) override; // PATCH /v1/volumes/{b}
    Result<LabeledVolume> label_volume(const std::string& barcode,
                                       const LabelRequest& r) override; // POST .../label

private:
    ServiceClient& client_;
};

} // namespace tl::client
