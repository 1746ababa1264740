// ConsoleHub: the dispatcher consoles the gateway pushes alerts to, one
// net::Connection per configured endpoint. Used on the I/O thread only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "netconn.h"

namespace fleetd {

class Diagnostics;

class ConsoleHub {
public:
  explicit ConsoleHub(Diagnostics &diag);
  void connect(const std::vector<std::string> &endpoints);
  void broadcast(const std::string &line);
  void applyEndpoints(const std::vector<std::string> &endpoints);
  void closeAll();
  std::size_t connected() const;

private:
  bool has(const std::string &endpoint) const;

  Diagnostics &diag_;
  std::vector<net::Connection> consoles_;
};

} // namespace fleetd
