// A connected telemetry agent: its socket descriptor and its id (the host
// the agent runs on).
#pragma once
#include <cstddef>
#include <string>

namespace telemetry {

/// One agent's TCP connection. send() throws once the connection is closed;
/// close() is idempotent and never throws.
class AgentConnection {
public:
  AgentConnection(int fd, std::string agentId);
  ~AgentConnection();
  AgentConnection(const AgentConnection &) = delete;
  AgentConnection &operator=(const AgentConnection &) = delete;

  void send(const std::string &frame);
  void close() noexcept;
  bool isOpen() const noexcept;
  explicit operator bool() const noexcept { return isOpen(); }

  int fd() const noexcept { return fd_; }
  const std::string &agentId() const noexcept { return agentId_; }
  std::size_t bytesSent() const noexcept { return bytesSent_; }

private:
  int fd_;
  std::string agentId_;
  std::size_t bytesSent_ = 0;
};

/// Closes the connection when the enclosing scope ends. Used for agents we
/// refuse: whatever happens while we tell them why, they are dropped.
struct ConnectionCloser {
  explicit ConnectionCloser(AgentConnection &c) : conn(c) {}
  ~ConnectionCloser();
  ConnectionCloser(const ConnectionCloser &) = delete;
  ConnectionCloser &operator=(const ConnectionCloser &) = delete;

  AgentConnection &conn;
};

} // namespace telemetry
