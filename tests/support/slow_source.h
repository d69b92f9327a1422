#pragma once
// A backup source that takes its time: a `cmd:` source writing `chunks` blocks of 64 KiB of
// random data, one every 50 ms, so a console test can act on a job while it runs.
#include <string>

namespace tltest {

inline std::string slow_source(int chunks) {
    return "cmd:for i in $(seq 1 " + std::to_string(chunks) +
           "); do head -c 65536 /dev/urandom; sleep 0.05; done";
}

} // namespace tltest
