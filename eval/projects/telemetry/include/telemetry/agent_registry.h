// AgentRegistry: the connected agents, by agent id. One connection per agent:
// a reconnecting agent replaces its previous connection.
#pragma once
#include "telemetry/agent_connection.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace telemetry {

class AgentRegistry {
public:
  explicit AgentRegistry(std::string controllerId);

  AgentConnection &add(std::unique_ptr<AgentConnection> conn);
  /// Null when the agent is unknown. Closed connections stay until
  /// reapClosed().
  AgentConnection *find(const std::string &id);
  /// Says goodbye and closes the agent's connection.
  void disconnect(const std::string &id, const std::string &reason);
  /// Erases closed connections; returns their ids.
  std::vector<std::string> reapClosed();
  /// The open connections, for polling.
  std::vector<AgentConnection *> connections();
  void closeAll(const std::string &reason);
  std::size_t size() const noexcept { return agents_.size(); }

private:
  std::map<std::string, std::unique_ptr<AgentConnection>> agents_;
  std::string controllerId_;
};

} // namespace telemetry
