// SessionRegistry: the controller sessions by controller id. Evicted sessions
// stay in the map (closed) until reapClosed() so that a controller that
// reconnects can take over their unacknowledged commands (handover()).
// Per-key operations are in session_registry.cpp, the sweeps over all
// sessions in registry_maintenance.cpp.
#pragma once
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "command.h"
#include "controller_session.h"
#include "point.h"
#include "status.h"

namespace bmsd {

class SessionRegistry {
public:
  using SessionPtr = std::shared_ptr<ControllerSession>;
  using Clock = std::chrono::steady_clock;

  // session_registry.cpp
  Status adopt(const std::string &id, SessionPtr session);
  Status evict(const std::string &id, const std::string &reason);
  Status write(const std::string &id, const PointValue &point);
  Status command(const std::string &id, const Command &cmd);
  Status handover(const std::string &id, SessionPtr fresh,
                  std::uint32_t controllerLastAcked);
  SessionPtr find(const std::string &id) const;
  std::vector<SessionPtr> openSessions() const;
  std::size_t activeCount() const;
  std::size_t size() const;

  // registry_maintenance.cpp
  std::size_t sweepIdle(Clock::time_point now, std::chrono::seconds limit);
  std::size_t reapClosed(Clock::time_point now, std::chrono::seconds grace);
  std::size_t retireUnlisted(const std::set<std::string> &allowed,
                             const PointValue &rosterRevision);
  void closeAll(const std::string &reason);

private:
  mutable std::mutex mu_;
  std::map<std::string, SessionPtr> sessions_;
};

} // namespace bmsd
