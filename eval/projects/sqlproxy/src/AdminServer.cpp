// AdminServer: the plain-text admin port.
#include "sqlproxy/AdminServer.h"

#include "sqlproxy/QueryLog.h"
#include "sqlproxy/Router.h"
#include "sqlproxy/SessionManager.h"
#include "sqlproxy/WireProtocol.h"

#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace sqlproxy {

AdminServer::AdminServer(uint16_t port, std::shared_ptr<Router> router,
                         std::shared_ptr<SessionManager> sessions, std::shared_ptr<QueryLog> log)
    : port_(port), router_(std::move(router)), sessions_(std::move(sessions)), log_(std::move(log)) {}

AdminServer::~AdminServer() {
  if (thread_.joinable())
    stop();
  if (listenFd_ >= 0)
    ::close(listenFd_); // OK: stop() resets listenFd_ to -1 after its close, so a socket stop() closed is not closed again
}

void AdminServer::onReload(std::function<void()> cb) { onReload_ = std::move(cb); }
void AdminServer::onShutdown(std::function<void()> cb) { onShutdown_ = std::move(cb); }

void AdminServer::start() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::runtime_error(std::string("admin socket: ") + std::strerror(errno));
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // admin is local only
  sa.sin_port = htons(port_);
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&sa), sizeof sa) != 0 || ::listen(fd, 8) != 0) {
    const int err = errno;
    ::close(fd);
    throw std::runtime_error("admin port " + std::to_string(port_) + ": " + std::strerror(err));
  }
  listenFd_ = fd;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void AdminServer::stop() {
  running_ = false;
  if (thread_.joinable())
    thread_.join(); // the accept loop polls with a timeout and sees running_
  if (listenFd_ >= 0) {
    ::close(listenFd_); // OK: the only thread that polls and accepts on it was joined just above
    listenFd_ = -1;
  }
}

void AdminServer::run() {
  while (running_.load()) {
    pollfd p{listenFd_, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0 || !(p.revents & POLLIN))
      continue;
    const int client = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0)
      continue;
    timeval tv{5, 0}; // an idle admin client must not wedge the admin port
    ::setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    handleClient(client);
  }
}

void AdminServer::handleClient(int fd) {
  std::string carry;
  while (std::optional<std::string> line = wire::readLine(fd, carry)) {
    if (*line == "QUIT") {
      wire::replyAndClose(fd, "bye");
      break;
    }
    std::string out;
    try {
      out = execute(*line);
    } catch (const std::exception &e) {
      out = std::string("ERROR ") + e.what();
    }
    if (!wire::writeLine(fd, out))
      break; // the admin client went away
  }
  ::close(fd); // BUG: double-close
}

std::string AdminServer::execute(const std::string &line) {
  std::istringstream in(line);
  std::string verb, arg;
  in >> verb >> arg;
  if (verb == "SHOW" && arg == "POOLS")
    return router_->describePools() + "done";
  if (verb == "SHOW" && arg == "SESSIONS")
    return sessions_->describe() + "done";
  if (verb == "KILL") {
    const std::shared_ptr<Session> s = sessions_->find(std::stoull(arg));
    if (!s)
      return "ERROR no such session " + arg;
    s->close(); // SAME: kill_race
    return "killed " + arg;
  }
  if (verb == "ROTATE")
    return log_->rotate() ? "rotated" : "ERROR rotation failed";
  if (verb == "SHRINK") {
    router_->maintenance();
    return "shrunk";
  }
  if (verb == "RELOAD") {
    if (onReload_)
      onReload_();
    return "reload requested";
  }
  if (verb == "SHUTDOWN") {
    if (onShutdown_)
      onShutdown_();
    return "shutting down";
  }
  return "ERROR unknown command: " + line;
}

} // namespace sqlproxy
