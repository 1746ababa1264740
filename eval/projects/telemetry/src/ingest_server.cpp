// ingest_server.cpp: IngestServer. Accepts agent connections (one per host),
// reads their lines in a poll loop, parses metrics into the inbox and handles
// the control lines (QUIT, FIN, ADMIN, KICK). Runs on the main loop's thread.
#include "telemetry/ingest_server.h"
#include "telemetry/agent_connection.h"
#include "telemetry/agent_registry.h"
#include "telemetry/spooler.h"
#include "telemetry/util.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace telemetry {
namespace {

constexpr std::size_t kMaxLineBytes = 8192;
constexpr std::size_t kMaxFrameBytes = 512;
constexpr std::size_t kMaxMalformedLines = 100;
constexpr std::size_t kMaxErrorReplies = 1000;

// Throws std::length_error when the summary does not fit in one frame.
std::string encodeFinSummary(const std::string &agentId, std::uint64_t lastSeq,
                             std::size_t bytesSent) {
  std::string frame = "FIN " + std::to_string(lastSeq) + " agent=" + agentId +
                      " sent=" + std::to_string(bytesSent) + "\n";
  if (frame.size() > kMaxFrameBytes)
    throw std::length_error("FIN summary exceeds " +
                            std::to_string(kMaxFrameBytes) + " bytes");
  return frame;
}

} // namespace

IngestServer::IngestServer(AgentRegistry &registry, BoundedQueue<Metric> &inbox,
                           Spooler &spooler, std::size_t maxAgents,
                           std::string controllerId)
    : registry_(registry), inbox_(inbox), spooler_(spooler),
      maxAgents_(maxAgents), controllerId_(std::move(controllerId)) {}

IngestServer::~IngestServer() { closeQuietly(listenFd_); }

void IngestServer::setAdminHandler(AdminHandler handler) {
  adminHandler_ = std::move(handler);
}

void IngestServer::listen(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "ingest socket");
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = htons(port);
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 128) != 0) {
    const int err = errno;
    closeQuietly(fd);
    throw std::system_error(err, std::generic_category(),
                            "listen on port " + std::to_string(port));
  }
  listenFd_ = fd;
  logInfo("ingest: listening on port " + std::to_string(port));
}

void IngestServer::pollOnce(std::chrono::milliseconds timeout) {
  for (const auto &id : registry_.reapClosed()) {
    buffers_.erase(id);
    malformedByAgent_.erase(id);
  }
  std::vector<AgentConnection *> agents = registry_.connections();
  std::vector<pollfd> fds;
  fds.reserve(agents.size() + 1);
  fds.push_back(pollfd{listenFd_, POLLIN, 0});
  for (AgentConnection *agent : agents)
    fds.push_back(pollfd{agent->fd(), POLLIN, 0});

  const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(timeout.count()));
  if (ready < 0) {
    if (errno != EINTR)
      logWarn(std::string("ingest: poll failed: ") + std::strerror(errno));
    return;
  }

  for (std::size_t i = 1; i < fds.size(); ++i) {
    if (fds[i].revents == 0)
      continue;
    AgentConnection &conn = *agents[i - 1];
    if (!conn.isOpen())
      continue; // kicked earlier in this round
    char buf[4096];
    const ssize_t n = ::read(conn.fd(), buf, sizeof buf);
    if (n == 0) {
      conn.close();
      continue;
    }
    if (n < 0) {
      onReadError(conn, errno);
      continue;
    }
    std::string &pending = buffers_[conn.agentId()];
    pending.append(buf, static_cast<std::size_t>(n));
    try {
      std::size_t nl;
      while (conn.isOpen() && (nl = pending.find('\n')) != std::string::npos) {
        const std::string line = pending.substr(0, nl);
        pending.erase(0, nl + 1);
        onAgentLine(conn, line);
      }
      if (conn.isOpen() && pending.size() > kMaxLineBytes)
        onProtocolError(conn, "line exceeds " + std::to_string(kMaxLineBytes) + " bytes");
    } catch (const std::exception &e) {
      logWarn("ingest: dropping agent " + conn.agentId() + ": " + e.what());
      closeQuietly(conn);
    }
  }

  // Last: a reconnecting agent replaces (destroys) its old connection, which
  // `agents` may point to.
  if (fds[0].revents & POLLIN)
    acceptPending();
}

void IngestServer::acceptPending() {
  for (;;) {
    sockaddr_in peer{};
    socklen_t len = sizeof peer;
    const int fd = ::accept4(listenFd_, reinterpret_cast<sockaddr *>(&peer),
                             &len, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        logWarn(std::string("ingest: accept failed: ") + std::strerror(errno));
      return;
    }
    char host[INET_ADDRSTRLEN] = "?";
    ::inet_ntop(AF_INET, &peer.sin_addr, host, sizeof host);
    try {
      onAccept(fd, host);
    } catch (const std::exception &e) {
      logWarn(std::string("ingest: agent ") + host + ": " + e.what());
    }
  }
}

void IngestServer::onAccept(int fd, const std::string &agentId) {
  auto conn = std::make_unique<AgentConnection>(fd, agentId);
  if (registry_.size() >= maxAgents_) {
    ConnectionCloser closer(*conn); // refused: dropped whatever happens below
    ++counters_.refused;
    conn->send("BUSY " + std::to_string(maxAgents_) + " agents connected, retry later\n"); // OK: closer has not run yet
    return;
  }
  AgentConnection &added = registry_.add(std::move(conn));
  added.send("HELLO " + agentId + "\n");
}

void IngestServer::onAgentLine(AgentConnection &conn, const std::string &line) {
  if (line.empty())
    return;
  if (line == "QUIT") {
    conn.send("BYE\n");
    conn.close();
  } else if (line.rfind("FIN ", 0) == 0) {
    finishAgent(conn, std::strtoull(line.c_str() + 4, nullptr, 10));
  } else if (line.rfind("ADMIN ", 0) == 0) {
    if (conn.agentId() != controllerId_ || !adminHandler_) {
      onProtocolError(conn, "ADMIN is for the controller agent only");
      return;
    }
    adminHandler_(conn.agentId(), line.substr(6));
  } else if (line.rfind("KICK ", 0) == 0 && conn.agentId() == controllerId_) {
    std::istringstream args(line.substr(5));
    std::string target;
    std::string reason;
    args >> target;
    std::getline(args >> std::ws, reason);
    if (target == conn.agentId())
      conn.send("ERR the controller cannot kick itself\n");
    else
      kick(target, reason.empty() ? "kicked by the controller" : reason);
  } else {
    Metric m;
    if (!parseMetricLine(line, conn.agentId(), m)) {
      ++counters_.malformed;
      if (++malformedByAgent_[conn.agentId()] > kMaxMalformedLines) {
        logWarn("ingest: too many malformed lines from " + conn.agentId());
        conn.close();
      }
    } else if (inbox_.closed()) {
      ++counters_.dropped; // stopping
    } else if (inbox_.tryPush(m)) { // OK: only stop(), on this thread, closes the inbox; checked just above
      ++counters_.accepted;
    } else {
      spooler_.append(m); // the forwarder is behind: keep it on local disk
      ++counters_.spooled;
    }
  }
  if (!conn)
    return; // closed above: QUIT, FIN, or too many malformed lines
  conn.send("ACK " + std::to_string(counters_.accepted) + "\n"); // OK: operator bool is false once the connection is closed
}

void IngestServer::onReadError(AgentConnection &conn, int err) {
  logWarn("ingest: read from " + conn.agentId() + " failed: " + std::strerror(err));
  if (err != EAGAIN && err != EWOULDBLOCK && err != EINTR)
    closeQuietly(conn);
  const bool open = conn.isOpen();
  if (!open)
    return;
  conn.send("RETRY\n"); // OK: only reached while the connection is open
}

void IngestServer::onProtocolError(AgentConnection &conn,
                                   const std::string &detail) {
  ++counters_.protocolErrors;
  logWarn("ingest: protocol error from " + conn.agentId() + ": " + detail);
  closeQuietly(conn);
  if (counters_.protocolErrors <= kMaxErrorReplies)
    conn.send("ERR " + detail + "\n"); // BUG: use-after-close
}

void IngestServer::finishAgent(AgentConnection &conn, std::uint64_t lastSeq) {
  try {
    const std::string summary =
        encodeFinSummary(conn.agentId(), lastSeq, conn.bytesSent());
    conn.send(summary);
    conn.close();
  } catch (const std::length_error &) {
    conn.send("FIN " + std::to_string(lastSeq) + "\n"); // OK: close() is noexcept and last in the try, so it has not run
    conn.close();
  }
}

void IngestServer::kick(const std::string &agentId, const std::string &reason) {
  registry_.disconnect(agentId, reason);
  if (agentId == controllerId_)
    return;
  AgentConnection *controller = registry_.find(controllerId_);
  if (controller != nullptr && controller->isOpen())
    controller->send("KICKED " + agentId + " " + reason + "\n"); // OK: a different agent from the one disconnected
}

void IngestServer::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  logInfo("ingest: stopping, " + std::to_string(registry_.size()) + " agents");
  closeQuietly(listenFd_);
  listenFd_ = -1;
  inbox_.close(); // the forwarder drains what is queued, then exits
  registry_.closeAll("server shutting down");
  if (counters_.spooled > 0)
    inbox_.push(Metric{"telemetry.ingest.spooled", static_cast<double>(counters_.spooled), nowMs(), "", "ingest"}); // BUG: use-after-close
}

} // namespace telemetry
