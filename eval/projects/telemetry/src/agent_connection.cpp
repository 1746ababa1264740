// agent_connection.cpp: AgentConnection over a POSIX socket (send(2),
// close(2)), and the ConnectionCloser guard.
#include "telemetry/agent_connection.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace telemetry {

AgentConnection::AgentConnection(int fd, std::string agentId)
    : fd_(fd), agentId_(std::move(agentId)) {}

AgentConnection::~AgentConnection() { close(); }

void AgentConnection::send(const std::string &frame) {
  if (fd_ < 0)
    throw std::runtime_error("agent connection " + agentId_ +
                             " is closed, cannot send");
  const char *p = frame.data();
  std::size_t left = frame.size();
  while (left > 0) {
    const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(),
                              "send to agent " + agentId_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  bytesSent_ += frame.size();
}

void AgentConnection::close() noexcept {
  if (fd_ < 0)
    return;
  ::shutdown(fd_, SHUT_RDWR);
  ::close(fd_);
  fd_ = -1;
}

bool AgentConnection::isOpen() const noexcept { return fd_ >= 0; }

ConnectionCloser::~ConnectionCloser() { conn.close(); }

} // namespace telemetry
