// agent_registry.cpp: AgentRegistry, the connected agents in a map by agent
// id. Closed connections stay in the map until reapClosed(), so that pointers
// handed out during one poll round stay valid.
#include "telemetry/agent_registry.h"
#include "telemetry/util.h"

#include <exception>

namespace telemetry {

AgentRegistry::AgentRegistry(std::string controllerId)
    : controllerId_(std::move(controllerId)) {}

AgentConnection &AgentRegistry::add(std::unique_ptr<AgentConnection> conn) {
  const std::string id = conn->agentId();
  auto it = agents_.find(id);
  if (it == agents_.end()) {
    it = agents_.emplace(id, std::move(conn)).first;
    return *it->second;
  }
  logWarn("registry: agent " + id +
          " reconnected, dropping its previous connection");
  closeQuietly(*it->second);
  it->second = std::move(conn);
  it->second->send("WELCOME back " + id + "\n"); // OK: the slot now holds the new connection
  return *it->second;
}

AgentConnection *AgentRegistry::find(const std::string &id) {
  auto it = agents_.find(id);
  return it == agents_.end() ? nullptr : it->second.get();
}

void AgentRegistry::disconnect(const std::string &id,
                               const std::string &reason) {
  AgentConnection *conn = find(id);
  if (conn == nullptr || !conn->isOpen())
    return;
  try {
    conn->send("BYE " + reason + "\n");
  } catch (const std::exception &e) {
    logWarn("registry: cannot say goodbye to " + id + ": " + e.what());
  }
  conn->close(); // the entry goes away in the next reapClosed()
}

std::vector<std::string> AgentRegistry::reapClosed() {
  std::vector<std::string> reaped;
  for (auto it = agents_.begin(); it != agents_.end();) {
    if (it->second->isOpen()) {
      ++it;
      continue;
    }
    reaped.push_back(it->first);
    it = agents_.erase(it);
  }
  return reaped;
}

std::vector<AgentConnection *> AgentRegistry::connections() {
  std::vector<AgentConnection *> open;
  open.reserve(agents_.size());
  for (auto &entry : agents_)
    if (entry.second->isOpen())
      open.push_back(entry.second.get());
  return open;
}

void AgentRegistry::closeAll(const std::string &reason) {
  for (auto &entry : agents_) {
    AgentConnection &conn = *entry.second;
    if (!conn.isOpen())
      continue;
    try {
      conn.send("BYE " + reason + "\n"); // OK: each iteration sends to another agent, before closing it
    } catch (const std::exception &e) {
      logWarn("registry: cannot say goodbye to " + entry.first + ": " +
              e.what());
    }
    conn.close();
  }
  if (!controllerId_.empty() && agents_.count(controllerId_) != 0)
    agents_.at(controllerId_)->send("SHUTDOWN complete\n"); // BUG: use-after-close
  agents_.clear();
}

} // namespace telemetry
