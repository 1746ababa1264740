// Fanout: a std::vector<unique_ptr<ClientSocket>>. sendAll() skips closed
// clients and closes one whose write fails; closeAll() closes every client in
// a loop and keeps them until dropClosed(). Quiet line: sendAll()'s guarded
// write. The bug that uses a client after closeAll() is in server.cpp
// (disconnectClients).
#include "gateway/fanout.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace gateway {

void Fanout::add(std::unique_ptr<ClientSocket> client) { clients_.push_back(std::move(client)); }

void Fanout::sendAll(const std::string &line) {
  for (auto &client : clients_) {
    if (!client->is_open())
      continue;
    try {
      client->write(line); // OK: closed clients are skipped
    } catch (const std::system_error &) {
      client->close();
    }
  }
}

void Fanout::closeAll() {
  for (auto &client : clients_)
    client->close();
}

void Fanout::dropClosed() {
  clients_.erase(std::remove_if(clients_.begin(), clients_.end(),
                                [](const std::unique_ptr<ClientSocket> &c) { return !c->is_open(); }),
                 clients_.end());
}

} // namespace gateway
