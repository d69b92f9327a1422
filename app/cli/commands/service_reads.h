#pragma once
// The printers of `status` and `queue list`, shared by the commands run here and their calls
// of the typed door (typed_door_reads.cpp).
#include "client/queue.h"
#include "client/status.h"
#include "context.h"

namespace tl::cli {

void print_status(Context& ctx, const client::ServiceStatus& s); // status.cpp
void print_queue(Context& ctx, const client::Queue& q);          // queue.cpp

} // namespace tl::cli
