// OverrideManager: operator overrides (a point forced to a value for a
// while), read from the overrides file on SIGUSR1 and released on expiry.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "status.h"

namespace bmsd {

class CommandDispatcher;
class Diagnostics;
class SessionRegistry;

struct Override {
  std::string controllerId;
  std::string point;
  double value = 0.0;
  std::chrono::steady_clock::time_point expires;
};

class OverrideManager {
public:
  OverrideManager(SessionRegistry &registry, CommandDispatcher &dispatcher,
                  Diagnostics &diag);

  Status apply(const std::string &controllerId, const std::string &point,
               double value, std::chrono::minutes duration);
  Status loadFile(const std::string &path);
  void tick(std::chrono::steady_clock::time_point now);
  const std::vector<Override> &active() const { return active_; }

private:
  SessionRegistry &registry_;
  CommandDispatcher &dispatcher_;
  Diagnostics &diag_;
  std::vector<Override> active_;
  std::uint64_t nextId_ = 1;
};

} // namespace bmsd
