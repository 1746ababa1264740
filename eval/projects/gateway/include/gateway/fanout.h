// Fanout: the connected clients, in the order they connected (fanout.cpp).
// No markers here.
#pragma once
#include "gateway/socket.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace gateway {

class Fanout {
public:
  void add(std::unique_ptr<ClientSocket> client);
  /// Writes `line` to every open client; a client whose write fails is closed.
  void sendAll(const std::string &line);
  void closeAll();
  /// Erases the closed clients.
  void dropClosed();
  bool empty() const { return clients_.empty(); }
  std::size_t size() const { return clients_.size(); }
  /// The client that connected first.
  ClientSocket &primary() { return *clients_.front(); }

private:
  std::vector<std::unique_ptr<ClientSocket>> clients_;
};

} // namespace gateway
