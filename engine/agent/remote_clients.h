#pragma once
// The agent's implementation of the job layer's client interfaces (job/remote_clients.h): a
// backup's sessions of a client's tree run as agent::RemoteSession over the client's mutual-TLS
// link. Engine::open (assembly/engine_open.cpp) gives every Engine one.
#include <memory>

#include "job/remote_clients.h"

namespace tl::agent {

std::shared_ptr<job::RemoteClients> make_remote_clients();

} // namespace tl::agent
