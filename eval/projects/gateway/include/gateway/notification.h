// A notification on its way from the control plane to the clients.
// No markers here.
#pragma once
#include <string>

namespace gateway {

struct Notification {
  std::string user;
  std::string text;
};

} // namespace gateway
