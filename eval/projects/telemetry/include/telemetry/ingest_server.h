// IngestServer: accepts agents, reads their metric lines and queues the
// metrics for the forwarder. Runs on the main loop's thread, which is also
// the only thread that closes the inbox.
#pragma once
#include "telemetry/bounded_queue.h"
#include "telemetry/metric.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace telemetry {

class AgentConnection;
class AgentRegistry;
class Spooler;

struct IngestCounters {
  std::size_t accepted = 0;
  std::size_t malformed = 0;
  std::size_t spooled = 0;
  std::size_t dropped = 0;
  std::size_t refused = 0;
  std::size_t protocolErrors = 0;
};

class IngestServer {
public:
  using AdminHandler =
      std::function<void(const std::string &agentId, const std::string &line)>;

  IngestServer(AgentRegistry &registry, BoundedQueue<Metric> &inbox,
               Spooler &spooler, std::size_t maxAgents,
               std::string controllerId);
  ~IngestServer();
  IngestServer(const IngestServer &) = delete;
  IngestServer &operator=(const IngestServer &) = delete;

  void listen(std::uint16_t port);
  void pollOnce(std::chrono::milliseconds timeout);
  void setAdminHandler(AdminHandler handler);

  void onAccept(int fd, const std::string &agentId);
  void onAgentLine(AgentConnection &conn, const std::string &line);
  void onReadError(AgentConnection &conn, int err);
  void onProtocolError(AgentConnection &conn, const std::string &detail);
  void finishAgent(AgentConnection &conn, std::uint64_t lastSeq);
  void kick(const std::string &agentId, const std::string &reason);
  void stop();

  const IngestCounters &counters() const noexcept { return counters_; }

private:
  void acceptPending();

  AgentRegistry &registry_;
  BoundedQueue<Metric> &inbox_;
  Spooler &spooler_;
  std::size_t maxAgents_;
  std::string controllerId_;
  AdminHandler adminHandler_;
  int listenFd_ = -1;
  bool stopped_ = false;
  IngestCounters counters_;
  std::map<std::string, std::string> buffers_;
  std::map<std::string, std::size_t> malformedByAgent_;
};

} // namespace telemetry
