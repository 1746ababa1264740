// ControllerListener: the accept loop. Each connection must send a Hello
// within helloTimeout_; the listener then creates the controller's session,
// completes the handshake and either adopts it or hands the previous
// session's unacknowledged commands over to it.
#include "controller_listener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "command_dispatcher.h"
#include "diagnostics.h"
#include "fd_io.h"
#include "metrics.h"
#include "session_registry.h"

namespace bmsd {
namespace {

std::string peerName(const sockaddr_storage &addr) {
  char host[INET6_ADDRSTRLEN] = "?";
  unsigned port = 0;
  if (addr.ss_family == AF_INET6) {
    const auto *a = reinterpret_cast<const sockaddr_in6 *>(&addr);
    ::inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
    port = ntohs(a->sin6_port);
  } else if (addr.ss_family == AF_INET) {
    const auto *a = reinterpret_cast<const sockaddr_in *>(&addr);
    ::inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
    port = ntohs(a->sin_port);
  }
  return std::string(host) + ":" + std::to_string(port);
}

// Sets TCP_NODELAY and keepalive; on failure closes fd and returns the error.
Status tuneSocket(int fd) {
  const int one = 1;
  if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0 ||
      ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one) != 0) {
    const int err = errno;
    closeRetryingEintr(fd);
    return Status::error(Status::Code::IoError, "setsockopt: " + errnoText(err));
  }
  return Status::ok();
}

} // namespace

PointValue bootstrapPoint(const std::string &controllerId) {
  PointValue pv;
  pv.controllerId = controllerId;
  pv.name = "bmsd/time-sync";
  pv.kind = PointKind::Setpoint;
  pv.at = std::chrono::system_clock::now();
  pv.value = static_cast<double>(
      std::chrono::duration_cast<std::chrono::seconds>(pv.at.time_since_epoch()).count());
  return pv;
}

ControllerListener::ControllerListener(SessionRegistry &registry,
                                       CommandDispatcher &dispatcher,
                                       Diagnostics &diag, Metrics &metrics,
                                       ControllerSession::PointSink sink)
    : registry_(registry), dispatcher_(dispatcher), diag_(diag), metrics_(metrics),
      sink_(std::move(sink)) {}

void ControllerListener::setLimits(std::size_t maxControllers,
                                   std::set<std::string> allowedControllers) {
  maxControllers_ = maxControllers;
  allowed_ = std::move(allowedControllers);
}

bool ControllerListener::allowed(const std::string &id) const {
  return allowed_.empty() || allowed_.count(id) > 0;
}

Status ControllerListener::listen(std::uint16_t port) {
  return listenTcp(port, 128, listen_);
}

Status ControllerListener::rebind(std::uint16_t port) {
  Socket fresh;
  Status st = listenTcp(port, 128, fresh);
  if (!st.good())
    return st;
  std::swap(listen_, fresh);
  fresh.close(); // OK: after the swap fresh holds the previous listening socket
  diag_.info("listener: now on port %u", static_cast<unsigned>(port));
  return Status::ok();
}

void ControllerListener::stop() { listen_.close(); }

std::size_t ControllerListener::acceptPending() {
  std::size_t accepted = 0;
  if (!listen_.isOpen())
    return 0;
  for (;;) {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    sockaddr *peer = reinterpret_cast<sockaddr *>(&addr);
    const int fd = ::accept4(listen_.fd(), peer, &len, SOCK_NONBLOCK | SOCK_CLOEXEC); // OK
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK)
        diag_.warn("listener: accept failed: %s", errnoText(errno).c_str());
      return accepted;
    }
    Status tuned = tuneSocket(fd); // OK: a new descriptor from accept4() on every pass
    if (!tuned.good()) {
      diag_.warn("listener: %s", tuned.toString().c_str());
      continue;
    }
    if (registry_.activeCount() >= maxControllers_) {
      rejectConnection(fd, "controller limit reached"); // OK: tuneSocket() closes only when it fails
      ::close(fd); // BUG: double-close
      metrics_.increment("listener.rejected");
      continue;
    }

    Socket sock(UniqueFd(fd), peerName(addr));
    const int raw = sock.fd();
    Status st;
    try {
      st = negotiate(std::move(sock));
    } catch (const std::exception &e) {
      st = Status::error(Status::Code::Invalid, e.what());
    }
    if (!st.good()) {
      diag_.warn("listener: refused a controller: %s", st.toString().c_str());
      const std::string reject = encodeFrame(Frame{FrameType::Reject, 0, st.message()});
      (void)::send(raw, reject.data(), reject.size(), MSG_NOSIGNAL | MSG_DONTWAIT); // BUG: use-after-close
      metrics_.increment("listener.refused");
      continue;
    }
    metrics_.increment("listener.accepted");
    ++accepted;
  }
}

std::optional<Hello> ControllerListener::readHello(Socket &sock) {
  std::string buffer;
  const auto deadline = std::chrono::steady_clock::now() + helloTimeout_;
  char chunk[1024];
  while (std::chrono::steady_clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (!sock.waitReadable(static_cast<int>(left.count()) + 1))
      continue;
    const ssize_t n = sock.receiveSome(chunk, sizeof chunk);
    if (n == 0)
      return std::nullopt;
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK)
        continue;
      return std::nullopt;
    }
    buffer.append(chunk, static_cast<std::size_t>(n));
    std::vector<Frame> frames = decodeFrames(buffer);
    if (!frames.empty())
      return parseHello(frames.front());
  }
  return std::nullopt;
}

Status ControllerListener::negotiate(Socket sock) {
  std::optional<Hello> hello = readHello(sock);
  if (!hello)
    return Status::error(Status::Code::Invalid, "no valid hello from " + sock.peer());
  const std::string id = hello->controllerId;
  if (!allowed(id))
    return Status::error(Status::Code::Rejected, "controller " + id + " is not configured");

  auto session = std::make_shared<ControllerSession>(id, std::move(sock), diag_, sink_);
  try {
    session->start(*hello);
  } catch (const std::exception &e) {
    diag_.warn("controller %s: handshake rejected: %s", id.c_str(), e.what());
    session->close(std::string("handshake rejected: ") + e.what());
  }
  session->sendWelcome(hello->lastAcked); // BUG: use-after-close

  SessionRegistry::SessionPtr existing = registry_.find(id);
  if (existing && !hello->rebooted) {
    registry_.handover(id, session, hello->lastAcked);
    dispatcher_.onReconnected(id);
    diag_.info("controller %s (%s) reconnected", id.c_str(), session->kind().c_str());
    return Status::ok();
  }
  if (existing)
    registry_.evict(id, "controller rebooted");
  Status adopted = registry_.adopt(id, session);
  if (!adopted.good())
    return adopted;
  registry_.write(id, bootstrapPoint(id)); // OK: re-adopted after the evict above
  dispatcher_.onReconnected(id);
  diag_.info("controller %s (%s) connected", id.c_str(), session->kind().c_str());
  return Status::ok();
}

} // namespace bmsd
