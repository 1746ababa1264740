// ClientListener: accept loop and client message reader.
#include "sqlproxy/ClientListener.h"

#include "sqlproxy/Router.h"
#include "sqlproxy/Session.h"
#include "sqlproxy/SessionManager.h"
#include "sqlproxy/WireProtocol.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <vector>

namespace sqlproxy {

namespace {

// The proxy's own compact form of the extended protocol: a 'P' frame carries
// "sql\0param1\0param2\0...".
Request preparedRequest(uint64_t session, const std::string &body) {
  Request r;
  r.sessionId = session;
  std::size_t pos = 0;
  r.sql = std::string(body.c_str());
  pos = r.sql.size() + 1;
  while (pos < body.size()) {
    std::string p(body.c_str() + pos);
    pos += p.size() + 1;
    r.params.push_back(std::move(p));
  }
  r.enqueued = Clock::now();
  return r;
}

} // namespace

ClientListener::ClientListener(uint16_t port, std::shared_ptr<BoundedQueue<Request>> requests,
                               std::shared_ptr<SessionManager> sessions,
                               std::shared_ptr<Router> router, std::size_t maxResultBytes)
    : port_(port), requests_(std::move(requests)), sessions_(std::move(sessions)),
      router_(std::move(router)), maxResultBytes_(maxResultBytes) {}

ClientListener::~ClientListener() { stop(); }

void ClientListener::start() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::runtime_error(std::string("listen socket: ") + std::strerror(errno));
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_ANY);
  sa.sin_port = htons(port_);
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&sa), sizeof sa) != 0) {
    const int err = errno;
    ::close(fd);
    throw std::runtime_error("bind port " + std::to_string(port_) + ": " + std::strerror(err));
  }
  if (::listen(fd, 128) != 0) {
    const int err = errno;
    ::close(fd); // OK: the bind failure branch above threw, so fd is closed once on every path
    throw std::runtime_error("listen: " + std::string(std::strerror(err)));
  }
  listenFd_ = fd;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void ClientListener::stop() {
  running_ = false;
  if (thread_.joinable())
    thread_.join(); // poll() has a 200 ms timeout, so the loop notices running_
  wire::closeQuietly(listenFd_); // OK: closeQuietly() resets listenFd_ to -1, so a second stop() (the destructor's) closes nothing
}

void ClientListener::acceptOne() {
  const int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0)
    return;
  // A client that connects and says nothing must not stall the listener.
  timeval tv{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

  wire::StartupInfo info;
  if (!wire::acceptStartup(fd, info))
    return; // acceptStartup() told the client why and closed fd
  if (info.cancel) {
    // Cancel requests arrive on a connection of their own and carry no
    // session. Query cancellation is not supported yet: just hang up.
    ::close(fd); // OK: acceptStartup() returned true, so it left fd open for us
    return;
  }
  if (!router_->knowsDatabase(info.database)) {
    wire::sendErrorAndClose(fd, "3D000", "database \"" + info.database + "\" does not exist"); // OK: acceptStartup() returned true, fd is still open
    return;
  }
  timeval none{0, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &none, sizeof none);

  auto session = std::make_shared<Session>(nextSessionId_++, fd, info, maxResultBytes_);
  try {
    // Greet before the session is visible to anyone else (admin KILL).
    session->reply(wire::authenticationOk());
    session->reply(wire::readyForQuery('I'));
  } catch (const ClientIoError &) {
    session->close();
    return;
  }
  sessions_->add(std::move(session));
}

void ClientListener::run() {
  while (running_.load()) {
    sessions_->reap();

    std::vector<pollfd> fds;
    std::vector<std::shared_ptr<Session>> owners;
    fds.push_back(pollfd{listenFd_, POLLIN, 0});
    owners.push_back(nullptr);
    for (const std::shared_ptr<Session> &s : sessions_->snapshot()) {
      if (!s->isIdle())
        continue; // a worker owns it, or it is closed
      fds.push_back(pollfd{s->fd(), POLLIN, 0});
      owners.push_back(s);
    }

    const int ready = ::poll(fds.data(), fds.size(), 200);
    if (ready <= 0)
      continue;
    if (fds[0].revents & POLLIN)
      acceptOne();

    for (std::size_t i = 1; i < fds.size(); ++i) {
      if (fds[i].revents == 0)
        continue;
      const std::shared_ptr<Session> &s = owners[i];
      std::optional<wire::Message> msg = s->readMessage(); // BUG: use-after-close #kill_race
      if (!msg) {
        s->close(); // OK: the client hung up or sent garbage; close() is idempotent
        continue;
      }
      std::optional<Request> request;
      switch (msg->type) {
      case 'Q': // simple query
        request.emplace();
        request->sessionId = s->id();
        request->sql = std::string(msg->body.c_str());
        request->enqueued = Clock::now();
        break;
      case 'P': // parameterised query, see preparedRequest()
        request = preparedRequest(s->id(), msg->body);
        break;
      case 'X': // Terminate
        s->close();
        break;
      default:
        s->sendError("0A000", std::string("unsupported message type '") + msg->type + "'");
        break;
      }
      if (request && s->tryMarkBusy())
        requests_->push(std::move(*request)); // BUG: use-after-close #queue_close_order
    }
  }
}

} // namespace sqlproxy
