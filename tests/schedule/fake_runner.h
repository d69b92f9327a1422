#pragma once
// A JobRunner for scheduler tests: records what starts and lets the test end runs.
#include <algorithm>
#include <map>
#include <vector>

#include "schedule/job_runner.h"

namespace tltest {

class FakeRunner final : public tl::schedule::JobRunner {
public:
    struct Start {
        tl::schedule::RunRequest request;
        long long at = 0; // unix seconds of the scheduler's clock when it started
    };
    std::vector<Start> starts;
    std::vector<std::int64_t> running, cancels;
    bool busy = false; // start() says Busy (data directory held elsewhere)
    tl::Clock* clock = nullptr;

    tl::Status start(const tl::schedule::RunRequest& r) override {
        if (busy) return tl::make_error(tl::ErrorKind::Busy, "data directory held by process 1");
        starts.push_back({r, clock ? tl::to_unix_seconds(clock->wall()) : 0});
        running.push_back(r.queue_id);
        return {};
    }
    void cancel(std::int64_t id) override { cancels.push_back(id); }
    std::vector<tl::schedule::RunResult> finished() override { return std::move(done_); }

    void finish(std::int64_t id, const std::string& status) {
        std::erase(running, id);
        done_.push_back({id, status, status == "failed" ? "drive on fire" : "", 0});
    }
    void finish_all(const std::string& status = "completed") {
        for (auto id : std::vector<std::int64_t>(running))
            finish(id, status);
    }
    std::vector<std::string> started_names() const {
        std::vector<std::string> n;
        for (const auto& s : starts)
            n.push_back(s.request.definition.name);
        return n;
    }

private:
    std::vector<tl::schedule::RunResult> done_;
};

} // namespace tltest
